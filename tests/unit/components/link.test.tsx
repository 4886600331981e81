// @vitest-environment jsdom
// The app's own link (src/components/link.tsx), which replaced React Router's <Link> (issue 30): a
// real href, an in-app navigation on a plain click, the browser's own handling otherwise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HashRouter, MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { Link } from '@/components/link';

afterEach(cleanup);

/** Where the router is and how it got there, as text. */
function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {type}
    </p>
  );
}

function renderAt(path: string, link: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {link}
      <Where />
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;

describe('Link', () => {
  it('when shown in the hash router, then it is a link with the route as its real address', () => {
    render(
      <HashRouter>
        <Link to="/register" className="text-link" aria-label="Create an account">
          Register
        </Link>
      </HashRouter>,
    );
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('#/register');
    expect(link.className).toBe('text-link');
  });

  it('when clicked, then the app navigates there and adds a history entry', async () => {
    renderAt('/login', <Link to="/register?from=login">Register</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(where()).toBe('/register?from=login PUSH');
  });

  it('when it points where the user already is, then the entry is replaced, not repeated', async () => {
    renderAt('/quests', <Link to="/quests">Quests</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'Quests' }));
    expect(where()).toBe('/quests REPLACE');
  });

  it('when asked to replace, then a new place replaces the entry', async () => {
    renderAt(
      '/reset-password',
      <Link to="/login" replace>
        Back to sign in
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(where()).toBe('/login REPLACE');
  });

  it('when the page handles the click itself, then the link does not navigate', async () => {
    const onClick = vi.fn((e: React.MouseEvent) => e.preventDefault());
    renderAt(
      '/home',
      <Link to="/learn" onClick={onClick}>
        Learn
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Learn' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(where()).toBe('/home POP');
  });

  it('when opened in a new tab or window (a modifier key, the middle button, another target), then it is left to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Link to="/learn">Learn</Link>
                <Link to="/bills" target="_blank">
                  Bills
                </Link>
              </>
            }
          />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    // What the app left to the browser, read after React's handler; then kept from jsdom, which
    // cannot open a document.
    const leftToBrowser: boolean[] = [];
    const record = (e: MouseEvent) => {
      leftToBrowser.push(!e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      const learn = screen.getByRole('link', { name: 'Learn' });
      for (const init of [
        { ctrlKey: true },
        { metaKey: true },
        { shiftKey: true },
        { altKey: true },
        { button: 1 },
      ])
        fireEvent.click(learn, init);
      fireEvent.click(screen.getByRole('link', { name: 'Bills' }));
      expect(leftToBrowser).toEqual([true, true, true, true, true, true]);
      expect(where()).toBe('/home POP');
      // A plain click is the app's.
      fireEvent.click(learn);
      expect(leftToBrowser.at(-1)).toBe(false);
      expect(where()).toBe('/learn PUSH');
    } finally {
      window.removeEventListener('click', record);
    }
  });
});
