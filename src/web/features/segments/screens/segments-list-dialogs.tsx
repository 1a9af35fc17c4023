import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Modal } from '../../../ui/dialog';
import type { LinkComponent } from '../../../ui/link';

export type SegmentFormType = 'simple' | 'advanced';

export const SEGMENT_FORM_TYPES: readonly SegmentFormType[] = ['simple', 'advanced'];

export interface CreateTypeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where each form opens. */
  createHrefs: Record<SegmentFormType, string>;
  linkComponent: LinkComponent;
}

const choices = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const choice = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.surface',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { borderColor: 'accent.default', bg: 'accent.subtle' },
  _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
});
const choiceTitle = css({ fontWeight: 'semibold', color: 'accent.text' });
const choiceText = css({ fontSize: 'sm', color: 'fg.muted' });

/** "Crear segmento": simple (one form) or advanced (blocks of rules in two steps). */
export function CreateTypeDialog({ open, onOpenChange, createHrefs, linkComponent: Link }: CreateTypeDialogProps) {
  const { t } = useTranslation('segments');
  return (
    <Modal
      id="segment-create-type"
      open={open}
      onOpenChange={onOpenChange}
      title={t('createType.title')}
      description={t('createType.description')}
    >
      <ul className={choices}>
        {SEGMENT_FORM_TYPES.map((type) => (
          <li key={type}>
            <Link href={createHrefs[type]} className={choice}>
              <span className={choiceTitle}>{t(`createType.${type}.title`)}</span>
              <span className={choiceText}>{t(`createType.${type}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
