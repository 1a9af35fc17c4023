import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, signedIn } from '../../platform/http/api.ts';
import { errors } from '../../platform/http/errors.ts';
import { renameAccount } from './repository.ts';

type AccountOperations = Pick<operations, 'getAccountDetails' | 'updateAccountDetails'>;

export const accountHandlers: Handlers<AccountOperations> = {
  async getAccountDetails(context) {
    const { name, email } = signedIn(context);
    return { status: 200, body: { name, email } };
  },

  async updateAccountDetails(context) {
    const { userId } = signedIn(context);
    // The contract refuses a name of only spaces, so what is left after trimming is a name.
    const account = await renameAccount(context.db, userId, context.body.name.trim());
    // The account is gone, and its sessions with it.
    if (!account) throw errors.unauthenticated();
    return { status: 200, body: account };
  },
};
