import { configure } from '@testing-library/dom';

// Screens load their parts lazily and render heavy data in the background; on a two-core machine
// running other work beside the check that can take many times an idle machine's time. Only what
// never comes may fail a wait: a wait that fails still fails, later.
configure({ asyncUtilTimeout: 15_000 });
