import { describe, expect, it } from 'vitest';
import { fieldsAtFault, validateLogin, validateRegister, validateResetPassword } from '@/domain/validation';

const reg = (email: string, password: string, confirmPassword = password) =>
  validateRegister({ email, password, confirmPassword });

describe('register validation', () => {
  it('when every field is valid, then there is no error', () => {
    expect(reg('ana@example.com', 'secret1')).toBeNull();
  });

  it('when any field is empty or the email is only spaces, then "All fields are required"', () => {
    expect(reg('', 'secret1')).toBe('All fields are required');
    expect(reg('   ', 'secret1')).toBe('All fields are required');
    expect(reg('ana@example.com', '')).toBe('All fields are required');
    expect(reg('ana@example.com', 'secret1', '')).toBe('All fields are required');
  });

  it('when the email does not look like an address, then "Please enter a valid email address"', () => {
    for (const bad of ['ana', 'ana@', 'ana@example', 'a na@example.com', '@example.com'])
      expect(reg(bad, 'secret1')).toBe('Please enter a valid email address');
  });

  it('when the password has 5 characters, then "Password must be at least 6 characters long"', () => {
    expect(reg('ana@example.com', '12345')).toBe('Password must be at least 6 characters long');
    expect(reg('ana@example.com', '123456')).toBeNull();
  });

  it('when the passwords differ, then "Passwords do not match"', () => {
    expect(reg('ana@example.com', 'secret1', 'secret2')).toBe('Passwords do not match');
  });

  it('when several rules fail, then the first in order required, email, length, match is reported', () => {
    expect(reg('bad', '123', '456')).toBe('Please enter a valid email address');
    expect(reg('ana@example.com', '123', '456')).toBe('Password must be at least 6 characters long');
  });

  it('when the email is longer than 254 characters, then a clear length message is shown', () => {
    expect(reg(`${'a'.repeat(250)}@example.com`, 'secret1')).toBe('Email must be 254 characters or fewer');
  });

  it('when the password is longer than 1024 characters, then a clear length message is shown', () => {
    expect(reg('ana@example.com', 'x'.repeat(1025))).toBe('Password must be 1024 characters or fewer');
    expect(reg('ana@example.com', 'x'.repeat(1024))).toBeNull();
  });
});

describe('login validation', () => {
  it('when email or password is missing, then "Please enter both email and password"', () => {
    expect(validateLogin({ email: '', password: 'x' })).toBe('Please enter both email and password');
    expect(validateLogin({ email: 'ana@example.com', password: '' })).toBe(
      'Please enter both email and password',
    );
  });

  it('when both are given, then there is no error', () => {
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toBeNull();
  });

  it('when a field exceeds its maximum, then the length message is shown', () => {
    expect(validateLogin({ email: `${'a'.repeat(255)}`, password: 'x' })).toBe(
      'Email must be 254 characters or fewer',
    );
    expect(validateLogin({ email: 'ana@example.com', password: 'x'.repeat(1025) })).toBe(
      'Password must be 1024 characters or fewer',
    );
  });
});

describe('reset password validation', () => {
  it('when the token is missing or blank, then "Invalid or missing reset token"', () => {
    for (const token of [null, undefined, '', '  '])
      expect(validateResetPassword({ token, password: 'secret1', confirmPassword: 'secret1' })).toBe(
        'Invalid or missing reset token',
      );
  });

  it('when the passwords differ, then "Passwords do not match"', () => {
    expect(validateResetPassword({ token: 't', password: 'secret1', confirmPassword: 'secret2' })).toBe(
      'Passwords do not match',
    );
  });

  it('when the password is too short, then "Password must be at least 6 characters long"', () => {
    expect(validateResetPassword({ token: 't', password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('when token and passwords are valid, then there is no error', () => {
    expect(validateResetPassword({ token: 't', password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
  });
});

describe('the fields an auth error is about', () => {
  const all = { email: 'ana@example.com', password: 'secret1', confirmPassword: 'secret2' };

  it('when the passwords do not match, then only the confirmation is at fault', () => {
    expect(fieldsAtFault('Passwords do not match', all)).toEqual(['confirmPassword']);
  });

  it('when fields are required, then exactly the empty ones are at fault, in form order', () => {
    expect(
      fieldsAtFault('All fields are required', { email: '  ', password: 'x', confirmPassword: '' }),
    ).toEqual(['email', 'confirmPassword']);
    expect(fieldsAtFault('Please enter both email and password', { email: 'a', password: '' })).toEqual([
      'password',
    ]);
  });

  it('when the e-mail or the password breaks a rule, then that field alone is at fault', () => {
    expect(fieldsAtFault('Please enter a valid email address', all)).toEqual(['email']);
    expect(fieldsAtFault('Password must be at least 6 characters long', all)).toEqual(['password']);
    expect(fieldsAtFault('An account with this email already exists', all)).toEqual(['email']);
  });

  it('when the form has no such field or the error is about no field, then none is at fault', () => {
    expect(fieldsAtFault('Please enter a valid email address', { password: 'x' })).toEqual([]);
    expect(fieldsAtFault('Invalid email or password', all)).toEqual([]);
    expect(fieldsAtFault('Network error. Please check your internet connection.', all)).toEqual([]);
  });
});
