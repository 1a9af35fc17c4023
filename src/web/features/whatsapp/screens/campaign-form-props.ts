import type { Control } from 'react-hook-form';
import type { WhatsappCampaignInput } from '../../../../shared/whatsapp-campaigns';
import type { WhatsappCampaignFormValues } from '../forms/campaign-form';

/** Why a save did not go through, beyond the fields (those come back beside their field). */
export type CampaignSaveFailure =
  /** 409 `whatsapp_not_connected`. */
  | { kind: 'notConnected' }
  /** A broken rule (400): shown beside its field; this says so above the buttons. */
  | { kind: 'fields' }
  /** Another refusal of the server, in its words. */
  | { kind: 'refused'; message: string }
  | { kind: 'network' }
  /** A server error or no answer: nothing was saved. */
  | { kind: 'other' };

/** What both steps are given. */
export interface CampaignStepProps {
  control: Control<WhatsappCampaignFormValues, unknown, WhatsappCampaignInput>;
  /** The error a field shows: the form's own (a text key), else the server's words. */
  errorOf: (path: string) => string | { message?: string | undefined } | undefined;
  disabled: boolean;
}
