// The stack's floor (bench/floor.ts): React, react-dom, React Router (HashRouter) and Jotai with
// one sign-in form (email, password, a button) and no app code, built by Vite's defaults with the
// project's React plugin. What `/#/login` of the app loads is compared with what this loads.
import { StrictMode, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Provider, atom, createStore, useAtom } from 'jotai';

const emailAtom = atom('');
const passwordAtom = atom('');
const store = createStore();

function SignIn() {
  const [email, setEmail] = useAtom(emailAtom);
  const [password, setPassword] = useAtom(passwordAtom);
  const submit = (e: FormEvent) => e.preventDefault();
  return (
    <main>
      <h1>Sign In</h1>
      <form onSubmit={submit}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit">Sign In</button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <HashRouter>
        <Routes>
          <Route path="/login" element={<SignIn />} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </HashRouter>
    </Provider>
  </StrictMode>,
);
