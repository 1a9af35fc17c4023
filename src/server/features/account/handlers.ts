import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, signedIn } from '../../platform/api.ts';

type AccountOperations = Pick<operations, 'getAccountDetails'>;

export const accountHandlers: Handlers<AccountOperations> = {
  async getAccountDetails(context) {
    const { name, email } = signedIn(context);
    return { status: 200, body: { name, email } };
  },
};
