import { configure } from '@testing-library/dom';

// Screens load their parts lazily and render heavy data in the background; on a busy two-core
// machine that can take over Testing Library's default second. A wait that fails still fails.
configure({ asyncUtilTimeout: 5000 });
