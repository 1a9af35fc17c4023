import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../../src/web/api/errors';
import { loadableOf } from '../../../src/web/api/loadable';

const failed = (error: Error) => loadableOf({ data: undefined, error, isError: true, isFetching: false });

describe('loadableOf', () => {
  it('says a failed load was the connection when no answer came back', () => {
    expect(failed(networkError(new TypeError('Failed to fetch')))).toEqual({ status: 'error', cause: 'network' });
  });

  it('says a failed load was our side for an error status or any other failure', () => {
    expect(failed(new ApiError(500))).toEqual({ status: 'error', cause: 'server' });
    expect(failed(new Error('boom'))).toEqual({ status: 'error', cause: 'server' });
  });

  it('shows a retry after a failure as loading, and the data once it is here', () => {
    expect(loadableOf({ data: undefined, error: new ApiError(500), isError: true, isFetching: true })).toEqual({ status: 'loading' });
    expect(loadableOf({ data: 42, error: null, isError: false, isFetching: false })).toEqual({ status: 'success', data: 42 });
  });
});
