// jsdom lacks TextEncoder (react-router needs it); jest-dom adds the DOM matchers.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
