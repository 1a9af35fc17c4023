import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { formatDateTime } from '../../../../shared/format';

type WhatsappTemplateSummary = components['schemas']['WhatsappTemplateSummary'];

/**
 * What a template's status means for the merchant now, in one sentence: Meta's reason for a rejection, the end
 * of a pause, a review under way, or when an approved template can be edited again; null when nothing needs saying.
 */
export function useTemplateStatusNote() {
  const { t } = useTranslation('templateDetail');
  return (template: Pick<WhatsappTemplateSummary, 'status' | 'rejectionReason' | 'pausedUntil' | 'editing'>): string | null => {
    switch (template.status) {
      case 'PENDING':
        return t('statusNote.PENDING');
      case 'REJECTED':
        return t('statusNote.REJECTED', { reason: t(`rejectionReason.${template.rejectionReason ?? 'OTHER'}`) });
      case 'PAUSED':
        return template.pausedUntil ? t('statusNote.PAUSED', { until: formatDateTime(template.pausedUntil) }) : t('statusNote.PAUSEDNoEnd');
      case 'DISABLED':
        return t('statusNote.DISABLED');
      case 'APPROVED':
        return editingNote(template.editing, t);
    }
  };
}

type Translate = ReturnType<typeof useTranslation<'templateDetail'>>['t'];

function editingNote(editing: WhatsappTemplateSummary['editing'], t: Translate): string | null {
  if (editing.allowed || (editing.reason !== 'editedToday' && editing.reason !== 'monthlyLimit')) return null;
  const at = editing.availableAt ? formatDateTime(editing.availableAt) : null;
  return at ? t(`notEditable.${editing.reason}`, { at }) : t(`notEditable.${editing.reason}NoDate`);
}
