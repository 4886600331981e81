// How to delete a Budget Quest account: in the app (immediate) or by e-mail (SPEC 2 "Legal pages").
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { CONTACT_EMAIL, ContactLink, LegalLayout } from './legal-layout';

const MAIL_SUBJECT = encodeURIComponent('Account deletion request');

export function Page() {
  return (
    <LegalLayout title="Account Deletion">
      <p>
        You can delete your Budget Quest account and its data at any time, in the app or by e-mail. Deletion
        is permanent and cannot be undone.
      </p>

      <section aria-labelledby="del-app">
        <h2 id="del-app">Delete your account in the app</h2>
        <ol>
          <li>
            Sign in and open your <Link to={ROUTES.profile}>Profile</Link> from the bottom navigation.
          </li>
          <li>
            Press <strong>Delete Account</strong>.
          </li>
          <li>Confirm in the dialog.</li>
        </ol>
        <p>
          <strong>In-app deletion is immediate.</strong> Your account is deleted at once, your bank
          connections are removed at Plaid, and you are signed out.
        </p>
      </section>

      <section aria-labelledby="del-mail">
        <h2 id="del-mail">Request deletion by e-mail</h2>
        <p>
          If you cannot sign in, e-mail{' '}
          <a href={`mailto:${CONTACT_EMAIL}?subject=${MAIL_SUBJECT}`}>{CONTACT_EMAIL}</a> from the address you
          signed up with, with the subject &quot;Account deletion request&quot;.
        </p>
        <ul>
          <li>
            <strong>We confirm your request within 48 hours.</strong> We may ask you to confirm that the
            account is yours.
          </li>
          <li>
            <strong>Your data is removed within 30 business days</strong> of your confirmation.
          </li>
        </ul>
      </section>

      <section aria-labelledby="del-export">
        <h2 id="del-export">Keep a copy first</h2>
        <p>
          Deletion cannot be undone. Before you delete, you can download your data from your{' '}
          <Link to={ROUTES.profile}>Profile</Link> under &quot;Your data&quot;: a CSV of every transaction and
          a JSON file of everything your account holds. We keep no copy of these files.
        </p>
      </section>

      <section aria-labelledby="del-what">
        <h2 id="del-what">What is deleted</h2>
        <ul>
          <li>your account: e-mail address and password hash;</li>
          <li>
            your linked bank connections (we ask Plaid to remove them and delete the encrypted access tokens);
          </li>
          <li>your accounts and transactions, with their Need, Want, Savings or Income labels;</li>
          <li>
            your imported bank statements: their transactions, the accounts they made and the record of each
            import (the files themselves were never kept);
          </li>
          <li>your manual expenses;</li>
          <li>
            your saved game progress: XP, lives, achievements, quests, goal and budget settings, and the
            history of every change;
          </li>
          <li>
            the counters that limit sign-in attempts, reset e-mails and statement imports for your account.
          </li>
        </ul>
        <p>
          Everything the app stored in the browser you delete the account in is cleared too: your progress,
          best scores and any progress still waiting to be sent. On another device, signing out clears it, or
          you can clear the site&apos;s data in your browser settings.
        </p>
      </section>

      <section aria-labelledby="del-plaid">
        <h2 id="del-plaid">Information held by Plaid</h2>
        <p>
          Plaid keeps its own records of the connections you made through it, under its own privacy policy. To
          ask Plaid about them, use Plaid&apos;s privacy portal at{' '}
          <a href="https://my.plaid.com" target="_blank" rel="noreferrer">
            my.plaid.com
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="del-contact">
        <h2 id="del-contact">Questions</h2>
        <p>
          Contact <ContactLink />.
        </p>
      </section>
    </LegalLayout>
  );
}
