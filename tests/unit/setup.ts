// Runs before every unit test file: jest-dom matchers, and a clean local storage per test.
import '@testing-library/jest-dom/vitest';
import { beforeEach } from 'vitest';

beforeEach(() => {
  localStorage.clear();
});
