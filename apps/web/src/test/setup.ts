// Set up for the component tests (*.test.tsx, vitest.config.ts): jest-dom's matchers, and a clean
// document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
