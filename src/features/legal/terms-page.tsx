// The terms of service, including the minimum age of 13.
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { ContactLink, LegalLayout } from './legal-layout';

export function Page() {
  return (
    <LegalLayout title="Terms of Service" updated="December 7, 2024">
      <p>
        These terms are an agreement between you and Budget Quest for your use of the Budget Quest web app. By
        creating an account or using the app you accept them. If you do not agree, please do not use Budget
        Quest.
      </p>

      <section aria-labelledby="tos-age">
        <h2 id="tos-age">Who can use Budget Quest</h2>
        <p>
          <strong>You must be at least 13 years old to use Budget Quest.</strong> If you are under the age of
          majority where you live, you may use the app only with the involvement of a parent or guardian, who
          also accepts these terms. Accounts are for individuals: one person per account.
        </p>
      </section>

      <section aria-labelledby="tos-service">
        <h2 id="tos-service">What the app does</h2>
        <p>
          Budget Quest teaches budgeting with the 50/30/20 method through quests, XP, levels, lives and
          mini-games. You can add expenses yourself or link a bank account to see and sort your transactions.
        </p>
      </section>

      <section aria-labelledby="tos-advice">
        <h2 id="tos-advice">Education, not financial advice</h2>
        <p>
          Budget Quest is an educational tool. Nothing in the app is financial, investment, tax or legal
          advice. XP, levels, lives and achievements are game features with no monetary value and cannot be
          exchanged for money.
        </p>
      </section>

      <section aria-labelledby="tos-account">
        <h2 id="tos-account">Your account</h2>
        <ul>
          <li>Give a valid e-mail address and keep your password secret.</li>
          <li>
            You are responsible for what happens under your account; tell us if you think it has been misused.
          </li>
          <li>
            Game progress is stored in your browser. Signing out, clearing your browser data or changing
            devices can reset it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="tos-bank">
        <h2 id="tos-bank">Bank linking</h2>
        <p>
          Bank linking is optional and provided by Plaid Inc. By linking an account you also agree to
          Plaid&apos;s terms and allow Plaid to share your account details and transactions with us. Bank data
          can be delayed or incomplete; always check your bank for your real balance. You can disconnect a
          bank at any time from your Profile.
        </p>
      </section>

      <section aria-labelledby="tos-use">
        <h2 id="tos-use">Acceptable use</h2>
        <p>Do not misuse the app. In particular, do not:</p>
        <ul>
          <li>access another person&apos;s account or data, or link a bank account that is not yours;</li>
          <li>try to break, overload, probe or reverse-engineer the service or its security;</li>
          <li>use automated means to create accounts or to send requests to the service.</li>
        </ul>
      </section>

      <section aria-labelledby="tos-privacy">
        <h2 id="tos-privacy">Privacy</h2>
        <p>
          How we handle your information is described in our{' '}
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>.
        </p>
      </section>

      <section aria-labelledby="tos-ending">
        <h2 id="tos-ending">Ending your account</h2>
        <p>
          You can delete your account at any time; see{' '}
          <Link to={ROUTES.accountDeletion}>Account Deletion</Link>. We may suspend or close accounts that
          break these terms.
        </p>
      </section>

      <section aria-labelledby="tos-warranty">
        <h2 id="tos-warranty">Disclaimers and liability</h2>
        <p>
          The app is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind,
          to the extent the law allows. Budget Quest is not liable for indirect or consequential losses, or
          for decisions you make based on the app. Nothing in these terms limits rights you have under
          consumer law that cannot be waived.
        </p>
      </section>

      <section aria-labelledby="tos-changes">
        <h2 id="tos-changes">Changes to these terms</h2>
        <p>
          We may update these terms. We will change the date at the top of this page and, for significant
          changes, tell you in the app. Using the app after a change means you accept the new terms.
        </p>
      </section>

      <section aria-labelledby="tos-contact">
        <h2 id="tos-contact">Contact us</h2>
        <p>
          Questions about these terms: <ContactLink />.
        </p>
      </section>
    </LegalLayout>
  );
}
