// Plaid Link for the local sandbox: the browser interface of Plaid's link-initialize.js
// (window.Plaid.create(config) -> { open, exit, destroy, submit }) drawn as an in-page dialog
// instead of Plaid's iframe. It runs under a CSP of script-src 'self': no inline scripts, no
// eval, no inline handlers, and the DOM is built node by node (never from HTML strings).
(function () {
  'use strict';

  const script =
    document.currentScript || document.querySelector('script[src$="/plaid-sandbox/link-initialize.js"]');
  // The sandbox's private Link endpoints live beside this script: <origin>/plaid-sandbox/link/...
  const BASE = new URL('.', script && script.src ? script.src : location.origin + '/plaid-sandbox/').href;

  const STYLE_ID = 'plaid-sandbox-link-style';
  const CSS = [
    '.psl-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;',
    'background:rgba(17,17,17,.6);font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;',
    'color:#111;-webkit-font-smoothing:antialiased}',
    '.psl-card{box-sizing:border-box;display:flex;flex-direction:column;background:#fff;width:375px;max-width:100%;',
    'height:600px;max-height:calc(100vh - 32px);border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.3);overflow:hidden;outline:none}',
    '@media (max-width:480px){.psl-card{width:100%;height:100%;max-height:none;border-radius:0}}',
    '.psl-header{display:flex;align-items:center;justify-content:space-between;min-height:56px;padding:0 8px;border-bottom:1px solid #eceff1}',
    '.psl-brand{font-size:13px;font-weight:600;letter-spacing:.02em;color:#444}',
    '.psl-icon{width:44px;height:44px;border:0;border-radius:50%;background:transparent;color:#111;font-size:22px;line-height:1;cursor:pointer}',
    '.psl-icon:hover{background:#f1f3f5}',
    '.psl-spacer{width:44px;height:44px}',
    '.psl-body{flex:1;overflow-y:auto;padding:20px 24px 24px;display:flex;flex-direction:column;gap:14px}',
    '.psl-title{margin:4px 0 0;font-size:22px;line-height:1.25;font-weight:700;outline:none}',
    '.psl-text{margin:0;font-size:15px;line-height:1.45;color:#444}',
    '.psl-small{margin:0;font-size:13px;color:#555}',
    '.psl-label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}',
    '.psl-input{box-sizing:border-box;width:100%;height:48px;padding:0 14px;border:1px solid #8a949e;border-radius:8px;font-size:16px;color:#111;background:#fff}',
    '.psl-input:focus{border-color:#111}',
    '.psl-button{box-sizing:border-box;width:100%;min-height:48px;border:0;border-radius:8px;background:#111;color:#fff;font-size:16px;font-weight:600;cursor:pointer}',
    '.psl-button:hover{background:#333}',
    '.psl-button:disabled{background:#b8bec4;color:#fff;cursor:not-allowed}',
    '.psl-secondary{background:#fff;color:#111;border:1px solid #8a949e}',
    '.psl-secondary:hover{background:#f1f3f5}',
    '.psl-overlay :focus-visible{outline:3px solid #0a85ea;outline-offset:2px}',
    // Headings and the card take focus only so screen readers announce each step.
    '.psl-overlay .psl-title:focus,.psl-overlay .psl-card:focus{outline:none}',
    '.psl-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}',
    '.psl-bank{display:flex;align-items:center;gap:12px;width:100%;min-height:56px;padding:8px 10px;border:0;border-radius:10px;background:#fff;color:#111;font-size:16px;font-weight:600;text-align:left;cursor:pointer}',
    '.psl-bank:hover{background:#f1f3f5}',
    '.psl-logo{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;color:#fff;font-size:14px;font-weight:700}',
    '.psl-hint{margin:0;padding:12px 14px;border-radius:8px;background:#f4f6f8;font-size:14px;color:#333}',
    '.psl-hint code{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:600}',
    '.psl-field-error{margin:0;color:#b00020;font-size:14px}',
    '.psl-account{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid #dfe3e6;border-radius:10px;cursor:pointer}',
    '.psl-account input{width:20px;height:20px;margin:0;accent-color:#111}',
    '.psl-account-text{display:flex;flex-direction:column;gap:2px;font-size:15px;font-weight:600}',
    '.psl-account-sub{font-size:13px;font-weight:400;color:#555}',
    '.psl-fieldset{border:0;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}',
    '.psl-center{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;text-align:center}',
    '.psl-spinner{width:44px;height:44px;border-radius:50%;border:4px solid #e3e7ea;border-top-color:#111;animation:psl-spin .8s linear infinite}',
    '@keyframes psl-spin{to{transform:rotate(360deg)}}',
    '@media (prefers-reduced-motion:reduce){.psl-spinner{animation-duration:2.4s}}',
    '.psl-badge{display:inline-flex;align-items:center;justify-content:center;width:64px;height:64px;border-radius:50%;font-size:32px;font-weight:700}',
    '.psl-ok{background:#e6f4ea;color:#137333}',
    '.psl-bad{background:#fdecea;color:#b00020}',
    '.psl-actions{margin-top:auto;display:flex;flex-direction:column;gap:10px}',
    '.psl-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
  ].join('');

  const FOCUSABLE =
    'button:not([disabled]),input:not([disabled]),[href],select,textarea,[tabindex]:not([tabindex="-1"])';
  let uid = 0;

  function injectStyle() {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  /** Builds an element: props.class, props.text, props.on (listeners), anything else an attribute. */
  function h(tag, props, children) {
    const el = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      const value = props[key];
      if (value === undefined || value === null || value === false) return;
      if (key === 'class') el.className = value;
      else if (key === 'text') el.textContent = value;
      else if (key === 'on') Object.keys(value).forEach((ev) => el.addEventListener(ev, value[ev]));
      else if (key === 'checked' || key === 'disabled' || key === 'value') el[key] = value;
      else el.setAttribute(key, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined && child !== false) {
        el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
      }
    });
    return el;
  }

  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  function safeCall(fn, args) {
    if (typeof fn !== 'function') return;
    try {
      fn.apply(null, args);
    } catch (err) {
      console.error('Plaid Link callback failed', err);
    }
  }

  /** The absolute http(s) URL `value` names, or null for anything else (javascript:, data:, ...). */
  function httpUrl(value) {
    if (typeof value !== 'string') return null;
    let url;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  }

  function linkError(data) {
    return {
      error_type: (data && data.error_type) || 'API_ERROR',
      error_code: (data && data.error_code) || 'INTERNAL_SERVER_ERROR',
      error_message: (data && data.error_message) || 'an unexpected error occurred',
      display_message: data && data.display_message !== undefined ? data.display_message : null,
    };
  }

  function create(config) {
    config = config || {};
    const token = config.token;
    const state = {
      step: null,
      session: null,
      loadError: null,
      institution: null,
      username: '',
      password: '',
      accounts: [],
      selected: [],
      result: null,
      error: null,
      requestId: null,
      query: '',
    };
    let root = null;
    let card = null;
    let lastFocus = null;
    let savedOverflow = '';
    let destroyed = false;
    let searchTimer = 0;
    // Bumped on every open and close, so a late answer from an abandoned session draws nothing.
    let run = 0;
    const alive = (mine) => root !== null && mine === run;

    async function api(path, body) {
      let res;
      let data;
      try {
        res = await fetch(BASE + 'link' + path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(Object.assign({ link_token: token }, body)),
        });
        data = await res.json();
      } catch {
        throw linkError({
          error_message: 'could not reach the sandbox',
          display_message: 'Something went wrong. Please try again later.',
        });
      }
      if (data && data.request_id) state.requestId = data.request_id;
      if (!res.ok) throw linkError(data);
      return data;
    }

    const loading = api('/open', {}).then(
      function (session) {
        state.session = session;
        safeCall(config.onLoad, []);
      },
      function (err) {
        state.loadError = err;
        safeCall(config.onLoad, []);
      },
    );

    function updateMode() {
      return Boolean(state.session && state.session.update_mode);
    }
    function clientName() {
      return (state.session && state.session.client_name) || 'This app';
    }
    function institutionRef() {
      return state.institution
        ? { name: state.institution.name, institution_id: state.institution.institution_id }
        : null;
    }

    function eventMeta(extra) {
      return Object.assign(
        {
          account_number_mask: null,
          error_code: null,
          error_message: null,
          error_type: null,
          exit_status: null,
          institution_id: state.institution ? state.institution.institution_id : null,
          institution_name: state.institution ? state.institution.name : null,
          institution_search_query: null,
          is_update_mode: updateMode() ? 'yes' : 'no',
          match_reason: null,
          mfa_type: null,
          routing_number: null,
          selection: null,
          view_name: null,
          request_id: state.requestId,
          link_session_id: state.session ? state.session.link_session_id : null,
          timestamp: new Date().toISOString(),
        },
        extra || {},
      );
    }
    function emit(name, extra) {
      safeCall(config.onEvent, [name, eventMeta(extra)]);
    }
    function errorMeta(e) {
      return { error_type: e.error_type, error_code: e.error_code, error_message: e.error_message };
    }

    // Where the user stood when leaving, in Plaid's onExit `status` vocabulary.
    function exitStatus() {
      switch (state.step) {
        case 'select':
          return 'institution_not_found';
        case 'oauth':
          return 'requires_oauth';
        case 'accounts':
          return 'requires_account_selection';
        default:
          return 'requires_credentials';
      }
    }

    // ---- the dialog shell -------------------------------------------------------------

    function mount() {
      injectStyle();
      lastFocus = document.activeElement;
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      card = h('div', {
        class: 'psl-card',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': 'Plaid Link',
        tabindex: '-1',
      });
      root = h('div', { class: 'psl-overlay', 'data-plaid-sandbox-link': '' }, [card]);
      root.addEventListener('keydown', onKeydown);
      document.addEventListener('focusin', keepFocusInside);
      document.body.appendChild(root);
      run++;
    }

    function unmount() {
      if (!root) return;
      run++;
      document.removeEventListener('focusin', keepFocusInside);
      root.remove();
      root = null;
      card = null;
      document.body.style.overflow = savedOverflow;
      if (lastFocus && typeof lastFocus.focus === 'function' && document.contains(lastFocus))
        lastFocus.focus();
      lastFocus = null;
    }

    function onKeydown(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        userExit();
        return;
      }
      if (event.key !== 'Tab' || !card) return;
      const items = Array.prototype.slice.call(card.querySelectorAll(FOCUSABLE));
      if (!items.length) {
        event.preventDefault();
        card.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === card)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }

    function keepFocusInside(event) {
      if (card && !card.contains(event.target)) card.focus();
    }

    /** Draws a step: header (Back, brand, Close) and body; focuses `focus` or the heading. */
    function render(step, viewName, body, options) {
      options = options || {};
      state.step = step;
      if (!card) return;
      const back = options.back
        ? h('button', {
            type: 'button',
            class: 'psl-icon',
            'aria-label': 'Back',
            text: '\u2190',
            on: { click: options.back },
          })
        : h('span', { class: 'psl-spacer', 'aria-hidden': 'true' });
      const close = h('button', {
        type: 'button',
        class: 'psl-icon',
        'aria-label': 'Close',
        text: '\u00d7',
        on: { click: userExit },
      });
      const header = h('div', { class: 'psl-header' }, [
        back,
        h('span', { class: 'psl-brand', text: 'Plaid \u00b7 Sandbox' }),
        close,
      ]);
      const main = h('div', { class: 'psl-body' }, body);
      card.replaceChildren(header, main);
      emit('TRANSITION_VIEW', { view_name: viewName });
      const target = options.focus || main.querySelector('h2') || card;
      target.focus();
    }

    function title(text) {
      return h('h2', { class: 'psl-title', id: 'psl-title-' + ++uid, tabindex: '-1', text: text });
    }

    function logo(inst) {
      const initials = inst.name
        .split(/\s+/)
        .filter((w) => /^[A-Z]/.test(w))
        .slice(0, 2)
        .map((w) => w[0])
        .join('');
      const badge = h('span', { class: 'psl-logo', 'aria-hidden': 'true', text: initials });
      badge.style.backgroundColor = inst.color;
      return badge;
    }

    // ---- steps --------------------------------------------------------------------------

    function showSelect() {
      const list = h('ul', { class: 'psl-list', 'aria-label': 'Banks' });
      const empty = h('p', { class: 'psl-small', role: 'status' });
      function fill() {
        const q = state.query.trim().toLowerCase();
        const matches = state.session.institutions.filter((i) => i.name.toLowerCase().indexOf(q) !== -1);
        list.replaceChildren.apply(
          list,
          matches.map((inst) =>
            h('li', {}, [
              h('button', { type: 'button', class: 'psl-bank', on: { click: () => choose(inst) } }, [
                logo(inst),
                h('span', { text: inst.name }),
              ]),
            ]),
          ),
        );
        empty.textContent = matches.length ? '' : 'No banks match \u201c' + state.query.trim() + '\u201d.';
      }
      const inputId = 'psl-search-' + ++uid;
      const search = h('input', {
        id: inputId,
        class: 'psl-input',
        type: 'search',
        autocomplete: 'off',
        placeholder: 'Search',
        value: state.query,
        on: {
          input: function (e) {
            state.query = e.target.value;
            fill();
            clearTimeout(searchTimer);
            searchTimer = setTimeout(function () {
              if (state.query.trim())
                emit('SEARCH_INSTITUTION', { institution_search_query: state.query.trim() });
            }, 300);
          },
        },
      });
      fill();
      render(
        'select',
        'SELECT_INSTITUTION',
        [
          title('Select your bank'),
          h('p', { class: 'psl-text', text: clientName() + ' uses Plaid to connect your bank account.' }),
          h('div', {}, [
            h('label', { class: 'psl-label', for: inputId, text: 'Search for your bank' }),
            search,
          ]),
          empty,
          list,
        ],
        { focus: search },
      );
    }

    function choose(inst) {
      state.institution = inst;
      state.error = null;
      emit('SELECT_INSTITUTION');
      if (inst.oauth) showOauth();
      else showCredentials();
    }

    function showOauth() {
      const inst = state.institution;
      render(
        'oauth',
        'OAUTH',
        [
          title('Continue to ' + inst.name),
          h('p', {
            class: 'psl-text',
            text:
              'You will be taken to ' +
              inst.name +
              ' to log in and choose your accounts, then brought back to ' +
              clientName() +
              '.',
          }),
          h('div', { class: 'psl-actions' }, [
            h('button', { type: 'button', class: 'psl-button', text: 'Continue', on: { click: startOauth } }),
          ]),
        ],
        { back: showSelect },
      );
    }

    async function startOauth() {
      const mine = run;
      showLoading('Taking you to ' + state.institution.name + '\u2026');
      try {
        const res = await api('/oauth/start', { institution_id: state.institution.institution_id });
        if (!alive(mine)) return;
        // Only ever leave for a web page: a javascript: or data: URL here would run in this page.
        const target = httpUrl(res && res.redirect_url);
        if (!target) {
          throw linkError({
            error_message: 'the redirect_url from the sandbox is not an http or https URL',
            display_message: 'Something went wrong. Please try again later.',
          });
        }
        emit('OPEN_OAUTH');
        window.location.assign(target);
      } catch (err) {
        if (alive(mine)) showError(err);
      }
    }

    function showCredentials() {
      const inst = state.institution;
      const userId = 'psl-user-' + ++uid;
      const passId = 'psl-pass-' + ++uid;
      const problem = h('p', { class: 'psl-field-error', role: 'alert' });
      const username = h('input', {
        id: userId,
        class: 'psl-input',
        type: 'text',
        autocomplete: 'username',
        autocapitalize: 'none',
        spellcheck: 'false',
        value: state.username,
      });
      const password = h('input', {
        id: passId,
        class: 'psl-input',
        type: 'password',
        autocomplete: 'current-password',
      });
      const form = h(
        'form',
        {
          novalidate: true,
          on: {
            submit: function (e) {
              e.preventDefault();
              if (!username.value.trim() || !password.value) {
                problem.textContent = 'Enter your username and password.';
                (username.value.trim() ? password : username).focus();
                return;
              }
              state.username = username.value.trim();
              state.password = password.value;
              submitCredentials();
            },
          },
        },
        [
          h('div', {}, [h('label', { class: 'psl-label', for: userId, text: 'Username' }), username]),
          h('div', {}, [h('label', { class: 'psl-label', for: passId, text: 'Password' }), password]),
          problem,
          h('p', { class: 'psl-hint', role: 'note' }, [
            'Sandbox credentials: ',
            h('code', { text: 'user_good' }),
            ' / ',
            h('code', { text: 'pass_good' }),
          ]),
          h('button', { type: 'submit', class: 'psl-button', text: 'Submit' }),
        ],
      );
      form.style.display = 'flex';
      form.style.flexDirection = 'column';
      form.style.gap = '14px';
      render(
        'credentials',
        'CREDENTIAL',
        [
          title('Log in to ' + inst.name),
          h('p', { class: 'psl-text', text: 'Enter your ' + inst.name + ' online banking credentials.' }),
          form,
        ],
        { back: updateMode() ? null : showSelect, focus: username },
      );
    }

    function showLoading(text) {
      const status = h('p', { class: 'psl-text', role: 'status', 'aria-live': 'polite', text: text });
      render('loading', 'LOADING', [
        h('div', { class: 'psl-center' }, [
          h('div', { class: 'psl-spinner', 'aria-hidden': 'true' }),
          status,
        ]),
      ]);
    }

    async function submitCredentials() {
      const mine = run;
      emit('SUBMIT_CREDENTIALS');
      showLoading('Connecting to ' + state.institution.name + '\u2026');
      try {
        const res = await api('/credentials', {
          institution_id: state.institution.institution_id,
          username: state.username,
          password: state.password,
        });
        if (!alive(mine)) return;
        state.accounts = res.accounts;
        state.selected = res.accounts.map((a) => a.id);
        if (res.update_mode) await finishSession();
        else showAccounts();
      } catch (err) {
        if (alive(mine)) showError(err);
      }
    }

    function showAccounts() {
      const proceed = h('button', {
        type: 'button',
        class: 'psl-button',
        text: 'Continue',
        on: { click: finishSession },
      });
      const boxes = state.accounts.map(function (a) {
        const boxId = 'psl-acct-' + ++uid;
        const descId = boxId + '-balance';
        const box = h('input', {
          id: boxId,
          type: 'checkbox',
          checked: state.selected.indexOf(a.id) !== -1,
          'aria-describedby': descId,
          on: {
            change: function (e) {
              state.selected = e.target.checked
                ? state.selected.concat([a.id])
                : state.selected.filter((id) => id !== a.id);
              proceed.disabled = state.selected.length === 0;
            },
          },
        });
        // Named "Everyday Checking ending in 1234"; shown as "Everyday Checking ••••1234".
        return h('div', { class: 'psl-account' }, [
          box,
          h('span', { class: 'psl-account-text' }, [
            h('label', { for: boxId }, [
              a.name + ' ',
              h('span', { class: 'psl-visually-hidden', text: 'ending in' }),
              ' ',
              h('span', { 'aria-hidden': 'true', text: '\u2022\u2022\u2022\u2022' }),
              a.mask || '',
            ]),
            h('span', {
              class: 'psl-account-sub',
              id: descId,
              text: 'Balance ' + money.format(a.balance || 0),
            }),
          ]),
        ]);
      });
      render(
        'accounts',
        'SELECT_ACCOUNT',
        [
          title('Select accounts'),
          h('p', { class: 'psl-text', text: clientName() + ' will only see the accounts you choose.' }),
          h(
            'fieldset',
            { class: 'psl-fieldset' },
            [h('legend', { class: 'psl-visually-hidden', text: 'Accounts to share' })].concat(boxes),
          ),
          h('div', { class: 'psl-actions' }, [proceed]),
        ],
        { back: showCredentials },
      );
    }

    async function finishSession() {
      const mine = run;
      showLoading('Linking your accounts\u2026');
      try {
        const res = await api('/session', {
          institution_id: state.institution.institution_id,
          username: state.username,
          password: state.password,
          account_ids: state.selected,
        });
        if (alive(mine)) showSuccess(res);
      } catch (err) {
        if (alive(mine)) showError(err);
      }
    }

    function showSuccess(res) {
      state.result = res;
      state.password = '';
      const done = h('button', {
        type: 'button',
        class: 'psl-button',
        text: 'Continue',
        on: { click: succeed },
      });
      render(
        'success',
        'CONNECTED',
        [
          h('div', { class: 'psl-center' }, [
            h('span', { class: 'psl-badge psl-ok', 'aria-hidden': 'true', text: '\u2713' }),
            title('Success'),
            h('p', {
              class: 'psl-text',
              text: 'Your account has been successfully linked to ' + clientName() + '.',
            }),
          ]),
          h('div', { class: 'psl-actions' }, [done]),
        ],
        { focus: done },
      );
    }

    function showError(err) {
      state.error = err;
      emit('ERROR', errorMeta(err));
      // Bank-side problems call for another bank; login problems for another try.
      const institutionProblem = err.error_type === 'INSTITUTION_ERROR';
      const retry = h('button', {
        type: 'button',
        class: 'psl-button',
        text: 'Try again',
        on: {
          click: function () {
            state.error = null;
            if (institutionProblem && !updateMode()) showSelect();
            else showCredentials();
          },
        },
      });
      render(
        'error',
        'ERROR',
        [
          h('div', { class: 'psl-center' }, [
            h('span', { class: 'psl-badge psl-bad', 'aria-hidden': 'true', text: '!' }),
            title(
              state.institution
                ? 'Couldn\u2019t connect to ' + state.institution.name
                : 'Something went wrong',
            ),
            h('p', {
              class: 'psl-text',
              role: 'alert',
              text: err.display_message || 'Something went wrong. Please try again.',
            }),
            h('p', { class: 'psl-small', text: 'Error code: ' + err.error_code }),
          ]),
          h('div', { class: 'psl-actions' }, [
            retry,
            h('button', {
              type: 'button',
              class: 'psl-button psl-secondary',
              text: 'Exit',
              on: { click: userExit },
            }),
          ]),
        ],
        { focus: retry },
      );
    }

    // ---- endings ------------------------------------------------------------------------

    function succeed() {
      const res = state.result;
      emit('HANDOFF');
      reset();
      unmount();
      safeCall(config.onSuccess, [res.public_token, res.metadata]);
    }

    function userExit() {
      if (state.step === 'success' && state.result) return succeed();
      const err = state.error;
      const status = exitStatus();
      const meta = {
        institution: institutionRef(),
        status: status,
        link_session_id: state.session ? state.session.link_session_id : null,
        request_id: state.requestId,
      };
      emit('EXIT', Object.assign({ exit_status: status }, err ? errorMeta(err) : {}));
      reset();
      unmount();
      safeCall(config.onExit, [err, meta]);
    }

    function reset() {
      clearTimeout(searchTimer);
      state.step = null;
      state.institution = null;
      state.username = '';
      state.password = '';
      state.accounts = [];
      state.selected = [];
      state.result = null;
      state.error = null;
      state.query = '';
    }

    async function resumeOauth() {
      const mine = run;
      showLoading('Finishing up\u2026');
      try {
        const res = await api('/oauth/resume', { received_redirect_uri: config.receivedRedirectUri });
        if (!alive(mine)) return;
        state.institution =
          state.session.institutions.find(
            (i) => i.institution_id === res.metadata.institution.institution_id,
          ) || null;
        showSuccess(res);
      } catch (err) {
        if (alive(mine)) showError(err);
      }
    }

    return {
      open: async function () {
        if (destroyed || root) return;
        await loading;
        if (destroyed || root) return;
        if (state.loadError) {
          // Like Plaid Link: an unusable link token ends the flow through onExit.
          const err = state.loadError;
          emit('ERROR', errorMeta(err));
          emit('EXIT', Object.assign({ exit_status: null }, errorMeta(err)));
          safeCall(config.onExit, [
            err,
            { institution: null, status: null, link_session_id: null, request_id: state.requestId },
          ]);
          return;
        }
        mount();
        emit('OPEN');
        if (config.receivedRedirectUri) return resumeOauth();
        if (updateMode()) {
          state.institution = state.session.institutions.find(
            (i) => i.institution_id === state.session.update_mode.institution.institution_id,
          );
          return showCredentials();
        }
        showSelect();
      },
      exit: function () {
        if (root) userExit();
      },
      destroy: function () {
        destroyed = true;
        reset();
        unmount();
      },
      // Plaid Layer only; nothing to submit in the sandbox.
      submit: function () {},
    };
  }

  window.Plaid = { create: create, version: 'sandbox' };
})();
