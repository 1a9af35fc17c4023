import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Card } from '../../../ui/card';
import { Link } from '../../../ui/link';
import { PageHeader } from '../../../ui/page-header';
import { Steps } from '../../../ui/steps';

export interface WelcomeGuideScreenProps {
  /** 0: connect the store; 1: the store is connected, activate a plan. */
  step: 0 | 1;
  /** The store form, shown inline in step 1. */
  storeForm: ReactNode;
  accountHref: string;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6', maxWidth: '2xl' });
const content = css({ marginTop: '6', display: 'flex', flexDirection: 'column', gap: '4' });

/** Shown in place of every data screen until the user has a store (SPEC §2, onboarding). */
export function WelcomeGuideScreen({ step, storeForm, accountHref }: WelcomeGuideScreenProps) {
  const { t } = useTranslation('onboarding');
  const items = [
    { value: 'store', title: t('welcome.step1') },
    { value: 'plan', title: t('welcome.step2') },
  ] as const;
  return (
    <div className={root}>
      <PageHeader title={t('welcome.title')} description={t('welcome.subtitle')} />
      <Steps id="welcome-guide" items={items} step={step}>
        <div className={content}>
          {step === 0 ? (
            <Card title={t('welcome.step1')} description={t('welcome.step1Description')}>
              {storeForm}
            </Card>
          ) : (
            <Card title={t('welcome.step2')} description={t('welcome.step2Description')}>
              <Link href={accountHref}>{t('welcome.step2Action')}</Link>
            </Card>
          )}
        </div>
      </Steps>
    </div>
  );
}
