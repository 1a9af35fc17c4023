import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatList } from '../../../../shared/format';
import { Button } from '../../../ui/button';

export interface MissingInvestmentNoteProps {
  /** The years without an investment set, oldest first. */
  years: readonly number[];
  /** Collaborators see why, but cannot set it. */
  canEdit: boolean;
  onSet: (year: number) => void;
}

const note = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' });

/** Why an acquisition cost reads "—": a year it spans has no investment, and how to set it. */
export function MissingInvestmentNote({ years, canEdit, onSet }: MissingInvestmentNoteProps) {
  const { t } = useTranslation('dashboard');
  const first = years[0];
  if (first === undefined) return null;
  return (
    <div className={note}>
      <span>{t('missingInvestment.text', { years: formatList(years.map(String)) })}</span>
      {canEdit ? (
        <Button variant="outline" size="sm" onClick={() => onSet(first)}>
          {t('missingInvestment.set', { year: first })}
        </Button>
      ) : (
        <span>{t('missingInvestment.readOnly')}</span>
      )}
    </div>
  );
}
