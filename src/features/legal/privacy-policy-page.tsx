// The privacy policy: what Budget Quest keeps on its server, in the browser, and what Plaid sees.
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { ContactLink, LegalLayout } from './legal-layout';

export function Page() {
  return (
    <LegalLayout title="Privacy Policy" updated="November 24, 2026">
      <p>
        Budget Quest helps you learn the 50/30/20 budget by playing. This policy explains what information the
        app keeps, where it is kept, who else receives it and the choices you have. We collect only what the
        app needs to work, and we never sell your data.
      </p>

      <section aria-labelledby="pp-server">
        <h2 id="pp-server">Information we keep on our server</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address and a one-way hash of your password. We never
            store your password itself and cannot read it.
          </li>
          <li>
            <strong>Linked bank connections:</strong> for each bank you connect, the Plaid item and its access
            token. Access tokens are encrypted at rest and never leave our server.
          </li>
          <li>
            <strong>Accounts and transactions:</strong> the names, masks, types and balances of your linked
            accounts, and their transactions (date, amount, merchant, category, pending status).
          </li>
          <li>
            <strong>Imported statements:</strong> when you import a bank statement file (CSV, OFX or QFX) on
            Transactions, we keep its transactions (date, description, amount), the account you put them in
            (its name, type, the bank the file names and the last four digits of its account number), and a
            record of the import (file name, format, how many rows and which dates) so you can undo it. We do
            not keep the file itself, nor any other part of it. Undoing an import deletes its transactions and
            record, and the account when nothing else is in it.
          </li>
          <li>
            <strong>Your labels:</strong> the Need, Want, Savings or Income label you give each transaction.
          </li>
          <li>
            <strong>Manual expenses:</strong> the amount, category, description and date of expenses you add
            yourself.
          </li>
          <li>
            <strong>Your game progress:</strong> your XP, lives, achievements, quest progress and start times,
            onboarding goal and budget settings (income, pay frequency, yearly income, spending guess and
            emergency fund goal), your time zone, the days you signed in and used the app, the last few starts
            of each game, best game scores, which of your transactions already earned Category Matcher XP, the
            reward each manual expense earned, the banks you have linked (to pay their reward once), and a
            history of each change (what changed, by how much and when). We keep it so that signing out,
            changing phones or clearing your browser never loses what you earned, and so that each reward is
            paid only for what you actually did, once. The last 50 changes are shown on your Profile as your
            XP history.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-browser">
        <h2 id="pp-browser">Information that stays in your browser</h2>
        <p>
          While you play, your progress is also kept in your browser&apos;s local storage, and changes made
          while you are offline wait there until they can be sent to our server. Signing out clears your
          progress from the browser (your saved copy on our server stays, and comes back when you sign in).
        </p>
      </section>

      <section aria-labelledby="pp-plaid">
        <h2 id="pp-plaid">Bank linking through Plaid</h2>
        <p>
          We connect to banks through Plaid Inc. When you link a bank, you enter your bank username and
          password in Plaid&apos;s own window: they go to Plaid, not to us, and we never see or store them.
          With your permission, Plaid shares your account details and transactions with Budget Quest.
          Plaid&apos;s handling of your information is described in the{' '}
          <a href="https://plaid.com/legal/#end-user-privacy-policy" target="_blank" rel="noreferrer">
            Plaid End User Privacy Policy
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="pp-export">
        <h2 id="pp-export">Taking your data with you</h2>
        <p>
          Under &quot;Your data&quot; on your <Link to={ROUTES.profile}>Profile</Link> you can download, at
          any time, a CSV file of every transaction (from your bank, imported statements and your own
          expenses) and a JSON file of everything your account holds: profile, budget settings, progress and
          its history, quests, labels, linked banks and accounts, imports and transactions. The files are made
          when you ask and sent only to you; we keep no copy. They never contain your password, its hash or a
          bank access token.
        </p>
      </section>

      <section aria-labelledby="pp-use">
        <h2 id="pp-use">How we use your information</h2>
        <ul>
          <li>To sign you in and keep your account secure.</li>
          <li>To show your transactions, sort them into your 50/30/20 budget and power quests and games.</li>
          <li>To send the e-mails you ask for, such as a password reset link.</li>
        </ul>
        <p>
          We do not sell, rent or trade your personal information, we do not show ads, and we do not share
          your data with anyone except Plaid as described above and service providers that host the app on our
          behalf.
        </p>
      </section>

      <section aria-labelledby="pp-security">
        <h2 id="pp-security">Security</h2>
        <p>
          Traffic to the app is encrypted in transit. Passwords are hashed with a modern, slow hashing
          function, bank access tokens are encrypted at rest, and every request for your data is checked
          against your signed-in account. Sign-in sessions expire, and resetting your password or deleting
          your account ends your other sessions. No system is perfectly secure; if we learn of a breach that
          affects you, we will tell you.
        </p>
      </section>

      <section aria-labelledby="pp-retention">
        <h2 id="pp-retention">Keeping and deleting your data</h2>
        <p>
          We keep your server data while your account exists. You can disconnect a bank at any time from your
          Profile, which removes the bank connection, its accounts and its transactions. Deleting your account
          removes everything we hold about you; see <Link to={ROUTES.accountDeletion}>Account Deletion</Link>{' '}
          for how.
        </p>
      </section>

      <section aria-labelledby="pp-children">
        <h2 id="pp-children">Children</h2>
        <p>
          Budget Quest is not intended for children under 13, and you must be at least 13 to create an
          account. We do not knowingly collect information from children under 13. If you believe a child
          under 13 has an account, contact us and we will delete it.
        </p>
      </section>

      <section aria-labelledby="pp-changes">
        <h2 id="pp-changes">Changes to this policy</h2>
        <p>
          If we change this policy, we will update the date at the top of this page, and for significant
          changes we will tell you in the app before they take effect.
        </p>
      </section>

      <section aria-labelledby="pp-contact">
        <h2 id="pp-contact">Contact us</h2>
        <p>
          Questions or requests about your privacy: <ContactLink />.
        </p>
      </section>
    </LegalLayout>
  );
}
