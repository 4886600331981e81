// Scripts the cross-browser journey puts into the page, as strings (each driver sends them as
// they are; no build step may add helpers the page lacks). FIND_IN_PAGE finds a visible element
// by its role and accessible name, the way Playwright's getByRole does for the few roles the
// journey uses; CATCH_ERRORS records uncaught errors, rejections and console.error calls.

export type Role = 'button' | 'link' | 'heading' | 'dialog' | 'radio' | 'checkbox' | 'textbox';

export interface Query {
  role: Role;
  /** The accessible name: the exact text, or a regular expression's source when `re` is set. */
  name: string;
  re?: boolean;
  /** Only inside the dialog of this name. */
  inDialog?: string;
}

export const FIND_IN_PAGE = `
if (!window.__bqFind) {
  const SELECTORS = {
    button: 'button, [role=button], input[type=submit], input[type=button]',
    link: 'a[href], [role=link]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    dialog: '[role=dialog], [role=alertdialog], dialog[open]',
    radio: 'input[type=radio], [role=radio]',
    checkbox: 'input[type=checkbox], [role=checkbox]',
    textbox: 'input:not([type=radio]):not([type=checkbox]):not([type=hidden]), textarea, [role=textbox]',
  };
  const squash = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  // Text as assistive technology reads it: parts hidden from it are left out.
  const textOf = (node) => node.nodeType === 3 ? node.textContent
    : node.nodeType !== 1 || node.getAttribute('aria-hidden') === 'true' ? ''
    : [...node.childNodes].map(textOf).join('');
  const byIds = (ids) => ids.split(/\\s+/).map((id) => document.getElementById(id)).filter(Boolean)
    .map((el) => squash(textOf(el))).join(' ');
  const nameOf = (el) => {
    if (el.getAttribute('aria-labelledby')) return squash(byIds(el.getAttribute('aria-labelledby')));
    if (el.getAttribute('aria-label')) return squash(el.getAttribute('aria-label'));
    if (el.labels && el.labels.length) return squash([...el.labels].map(textOf).join(' '));
    if (el.tagName === 'INPUT') return squash(el.value);
    return squash(textOf(el));
  };
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && !el.closest('[aria-hidden=true], [hidden], [inert]');
  };
  window.__bqFind = (q) => {
    let root = document;
    if (q.inDialog) {
      root = [...document.querySelectorAll(SELECTORS.dialog)].find((d) => visible(d) && nameOf(d) === q.inDialog);
      if (!root) return null;
    }
    const matches = q.re ? (n) => new RegExp(q.name).test(n) : (n) => n === q.name;
    return [...root.querySelectorAll(SELECTORS[q.role])].find((el) => visible(el) && matches(nameOf(el))) || null;
  };
}
`;

export const CATCH_ERRORS = `
if (!window.__bqErrors) {
  window.__bqErrors = [];
  window.addEventListener('error', (e) => window.__bqErrors.push('error: ' + e.message));
  window.addEventListener('unhandledrejection', (e) =>
    window.__bqErrors.push('unhandled rejection: ' + ((e.reason && e.reason.message) || e.reason)));
  const original = console.error.bind(console);
  console.error = (...args) => {
    window.__bqErrors.push('console.error: ' + args.map(String).join(' '));
    original(...args);
  };
}
`;
