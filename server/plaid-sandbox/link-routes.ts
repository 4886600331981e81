// Private endpoints behind the sandbox Link script (what Plaid's Link iframe does with Plaid).
// They take only the link token, as Link does; answers and errors use Plaid's shapes.
//   POST /link/open          {link_token}                       -> session, institutions, update mode
//   POST /link/credentials   {link_token, institution_id, username, password} -> accounts to choose
//   POST /link/session       {... , account_ids}                -> public_token + onSuccess metadata
//   POST /link/oauth/start   {link_token, institution_id}       -> redirect_url (the bank "login")
//   POST /link/oauth/resume  {link_token, received_redirect_uri} -> public_token + metadata
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AccountBase } from 'plaid';
import { generateAccounts } from './data';
import { invalidField, newRequestId, plaidError } from './errors';
import { newItemId } from './ids';
import { INSTITUTIONS, type SandboxInstitution } from './institutions';
import { checkCredentials, requireInstitution, type SandboxContext } from './items';
import { isHttpUrl, linkSchemas, parseBody } from './requests';
import type { LinkTokenRow } from './store';
import { itemAccounts } from './sync';

const linkAccount = (a: AccountBase) => ({
  id: a.account_id,
  name: a.name,
  mask: a.mask,
  type: a.type,
  subtype: a.subtype,
  verification_status: null,
  balance: a.balances.current,
});

const institutionRef = (i: SandboxInstitution) => ({ name: i.name, institution_id: i.institution_id });

export function linkRoutes(ctx: SandboxContext): Router {
  const { store, items, clock } = ctx;
  const r = Router();
  const now = () => clock.now().getTime();

  function post<T extends z.ZodType>(
    path: string,
    schema: T,
    handler: (b: z.infer<T>, link: LinkTokenRow) => Promise<object>,
  ) {
    r.post(path, async (req, res) => {
      const requestId = newRequestId();
      res.locals.requestId = requestId;
      const body = parseBody(schema, req.body);
      const link = await items.linkToken((body as { link_token: string }).link_token, now());
      res.json({ ...(await handler(body, link)), request_id: requestId });
    });
  }

  /** In update mode the Item decides the bank; otherwise the user's choice does. */
  async function bankFor(link: LinkTokenRow, institutionId: string) {
    if (link.item_id) {
      const item = await store.getItem(link.item_id);
      if (!item) throw plaidError('INVALID_LINK_TOKEN', 'the Item this link token updates no longer exists');
      if (item.institution_id !== institutionId)
        throw invalidField('institution_id does not match the Item being updated');
      return { item, institution: requireInstitution(institutionId) };
    }
    return { item: null, institution: requireInstitution(institutionId) };
  }

  async function finish(
    link: LinkTokenRow,
    institution: SandboxInstitution,
    accountIds: string[] | null,
    loginRequired: boolean,
  ) {
    const t = now();
    const item = link.item_id
      ? await store.getItem(link.item_id)
      : await items.createItem(
          {
            itemId:
              link.pending_institution_id === institution.institution_id
                ? (link.pending_item_id ?? undefined)
                : undefined,
            institutionId: institution.institution_id,
            products: link.products,
            clientUserId: link.client_user_id,
            accountIds,
            webhook: link.webhook,
            loginRequired,
          },
          t,
          'link',
        );
    if (!item) throw plaidError('INVALID_LINK_TOKEN');
    // Update mode repairs the login (unless the user asked for it to stay broken).
    if (link.item_id) await store.updateItem(item.item_id, { login_required: loginRequired });
    await store.updateLinkToken(link.link_token, {
      pending_item_id: null,
      pending_institution_id: null,
      oauth_state_id: null,
    });
    const public_token = await items.issuePublicToken(item.item_id, t);
    const accounts = itemAccounts(item).map(linkAccount);
    const link_session_id = link.link_session_id ?? randomUUID();
    // What /link/token/get reports for this session (the balance is Link's own extra).
    await store.finishLinkSession(
      {
        link_session_id,
        link_token: link.link_token,
        item_id: item.item_id,
        public_token,
        institution_id: institution.institution_id,
        accounts: accounts.map(({ balance: _balance, ...a }) => a),
      },
      t,
    );
    return {
      public_token,
      metadata: {
        institution: institutionRef(institution),
        accounts,
        link_session_id,
        transfer_status: null,
      },
    };
  }

  post('/open', linkSchemas.linkToken, async (_b, link) => {
    const link_session_id = randomUUID();
    await store.updateLinkToken(link.link_token, { link_session_id });
    await store.startLinkSession(link.link_token, link_session_id, now());
    const item = link.item_id ? await store.getItem(link.item_id) : null;
    const updating = item ? INSTITUTIONS.find((i) => i.institution_id === item.institution_id) : undefined;
    return {
      link_session_id,
      client_name: link.client_name,
      institutions: INSTITUTIONS.map((i) => ({
        ...institutionRef(i),
        color: i.color,
        oauth: i.oauth && !!link.redirect_uri,
      })),
      update_mode: updating ? { institution: institutionRef(updating) } : null,
    };
  });

  post('/credentials', linkSchemas.credentials, async (b, link) => {
    const { item, institution } = await bankFor(link, b.institution_id);
    // Login-required Items still link; they fail later, on their first use.
    checkCredentials(b.username, b.password);
    if (item) return { accounts: itemAccounts(item).map(linkAccount), update_mode: true };
    // The Item id is fixed now so the accounts offered are the ones the Item will have.
    const sameBank = link.pending_institution_id === institution.institution_id ? link.pending_item_id : null;
    const itemId = sameBank ?? newItemId();
    await store.updateLinkToken(link.link_token, {
      pending_item_id: itemId,
      pending_institution_id: institution.institution_id,
    });
    return { accounts: generateAccounts(itemId).map(linkAccount), update_mode: false };
  });

  post('/session', linkSchemas.session, async (b, link) => {
    const { item, institution } = await bankFor(link, b.institution_id);
    const { loginRequired } = checkCredentials(b.username, b.password);
    if (item) return finish(link, institution, null, loginRequired);
    if (!link.pending_item_id || link.pending_institution_id !== institution.institution_id) {
      throw invalidField('credentials must be submitted before choosing accounts');
    }
    const offered = generateAccounts(link.pending_item_id).map((a) => a.account_id);
    const chosen = b.account_ids ?? offered;
    if (!chosen.length) throw invalidField('account_ids must contain at least one account');
    if (chosen.some((id) => !offered.includes(id))) throw plaidError('INVALID_ACCOUNT_ID');
    return finish(
      link,
      institution,
      offered.filter((id) => chosen.includes(id)),
      loginRequired,
    );
  });

  post('/oauth/start', linkSchemas.oauthStart, async (b, link) => {
    const institution = requireInstitution(b.institution_id);
    if (!institution.oauth || !link.redirect_uri)
      throw invalidField('this institution does not log in through a redirect');
    // Checked when the link token was made; checked again so no stored value can redirect elsewhere.
    if (!isHttpUrl(link.redirect_uri))
      throw invalidField('redirect_uri must be an absolute http or https URL');
    const oauth_state_id = randomUUID();
    await store.updateLinkToken(link.link_token, {
      oauth_state_id,
      pending_item_id: newItemId(),
      pending_institution_id: institution.institution_id,
    });
    const url = new URL(link.redirect_uri);
    url.searchParams.set('oauth_state_id', oauth_state_id);
    return { redirect_url: url.toString() };
  });

  post('/oauth/resume', linkSchemas.oauthResume, async (b, link) => {
    let state: string | null;
    try {
      const url = new URL(b.received_redirect_uri);
      state =
        url.searchParams.get('oauth_state_id') ??
        new URLSearchParams(url.hash.slice(1)).get('oauth_state_id');
    } catch {
      state = null;
    }
    if (!state || state !== link.oauth_state_id || !link.pending_institution_id) {
      throw invalidField('received_redirect_uri does not carry the oauth_state_id of this Link session');
    }
    return finish(link, requireInstitution(link.pending_institution_id), null, false);
  });

  return r;
}
