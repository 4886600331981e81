// A new password and its confirmation (register, reset): apart from form-field.tsx, so the
// sign-in screen, which has neither, does not load them (issue 30).
import { useState } from 'react';
import { FormField } from './form-field';
import type { FieldError } from './use-form-submit';

export interface NewPassword {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
}

/** The state of a new password and its confirmation. */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return { password, confirm, setPassword, setConfirm };
}

/** A new password and its confirmation (register, reset), with the minimum-length hint. */
export function NewPasswordFields({
  label,
  value,
  errorFor,
}: {
  label: string;
  value: NewPassword;
  errorFor: (field: 'password' | 'confirmPassword') => FieldError | undefined;
}) {
  const common = { type: 'password', autoComplete: 'new-password', required: true };
  return (
    <>
      <FormField
        label={label}
        hint="At least 6 characters."
        value={value.password}
        onChange={value.setPassword}
        error={errorFor('password')}
        {...common}
      />
      <FormField
        label="Confirm Password"
        value={value.confirm}
        onChange={value.setConfirm}
        error={errorFor('confirmPassword')}
        {...common}
      />
    </>
  );
}
