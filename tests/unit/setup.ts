// Runs before every unit test file: jest-dom matchers, and a clean local storage per test (in the
// files that ask for jsdom; the rest run in Node, where there is none).
import '@testing-library/jest-dom/vitest';
import { beforeEach } from 'vitest';

beforeEach(() => {
  globalThis.localStorage?.clear();
});
