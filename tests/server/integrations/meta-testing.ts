import { REQUIRED_PERMISSIONS } from '../../../src/server/integrations/meta/types.ts';

/** Who signs in at the sandbox's Facebook Login, for which app and way back, and which permissions they uncheck. */
export interface DialogSubmission {
  loginUrl: string;
  appId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** The permissions asked for; Recompra's by default. */
  scope?: readonly string[];
  /** Those the person unchecks. */
  decline?: readonly string[];
  decision?: 'continue' | 'cancel';
  responseType?: 'token' | 'code';
  state?: string;
}

/** The dialog's form as its page posts it: its hidden fields, the person's entries and the button pressed. */
export function submitDialog(submission: DialogSubmission): Promise<Response> {
  const scope = submission.scope ?? REQUIRED_PERMISSIONS;
  const form = new URLSearchParams({
    client_id: submission.appId,
    redirect_uri: submission.redirectUri,
    state: submission.state ?? 'st4te',
    response_type: submission.responseType ?? 'token',
    scope: scope.join(','),
    email: submission.email,
    pass: submission.password,
    decision: submission.decision ?? 'continue',
  });
  for (const permission of scope) if (!submission.decline?.includes(permission)) form.append('granted', permission);
  return fetch(`${submission.loginUrl}/v18.0/dialog/oauth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

/** Facebook Login through the sandbox's dialog: the short-lived token the browser gets in the way back's fragment. */
export async function facebookLogin(submission: DialogSubmission): Promise<string> {
  const response = await submitDialog(submission);
  const location = response.headers.get('location');
  const token = location ? new URLSearchParams(new URL(location).hash.slice(1)).get('access_token') : null;
  if (!token) throw new Error(`Facebook Login gave no token: ${response.status} ${location ?? (await response.text())}`);
  return token;
}
