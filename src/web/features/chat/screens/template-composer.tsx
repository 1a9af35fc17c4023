import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { TextInput } from '../../../ui/field';
import { LoadableView } from '../../../ui/loadable-view';
import { type MessageButton, type MessageHeader, MessagePreview } from '../../../ui/message-preview';
import { Select } from '../../../ui/select';
import { SkeletonGroup } from '../../../ui/skeleton';
import { missingValues, type TemplateDraft, templateValues } from './chat-rules';

type ConversationTemplate = components['schemas']['ConversationTemplate'];

export interface TemplateComposerProps {
  /** The approved templates this customer can be offered (a blocked one is shown, not offered). */
  templates: Loadable<readonly ConversationTemplate[]>;
  onRetry: () => void;
  draft: TemplateDraft;
  onDraftChange: (draft: TemplateDraft) => void;
  /** The draft is complete: send it. */
  onSend: () => void;
  sending: boolean;
  /** The customer never wrote (no window ever opened), rather than a window that closed. */
  neverWrote: boolean;
  /** The customer stopped the store's marketing: marketing templates are not offered. */
  optedOut: boolean;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const body = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } });
const fields = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const note = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const actions = css({ display: 'flex', justifyContent: 'flex-end' });

function headerOf(template: ConversationTemplate, values: Record<string, string>): MessageHeader | undefined {
  switch (template.headerFormat) {
    case 'TEXT':
      return template.headerText
        ? {
            type: 'text',
            text: template.headerText.replace(/\{\{([a-z][a-z0-9_]*)\}\}/g, (written, name: string) => values[name]?.trim() || written),
          }
        : undefined;
    case 'IMAGE':
      return { type: 'image' };
    case 'VIDEO':
      return { type: 'video' };
    case 'DOCUMENT':
      return { type: 'document' };
    default:
      return undefined;
  }
}

/**
 * The composer once WhatsApp's 24-hour window is closed (SPEC §4): only an approved template, chosen from the
 * store's, its variables filled from the customer where their data says it and typed otherwise, with a preview.
 */
export function TemplateComposer({
  templates,
  onRetry,
  draft,
  onDraftChange,
  onSend,
  sending,
  neverWrote,
  optedOut,
}: TemplateComposerProps) {
  const { t } = useTranslation(['chat', 'templateDetail']);
  return (
    <div className={root}>
      <Banner
        tone="info"
        message={
          neverWrote ? (
            t('composer.neverWrote')
          ) : (
            <>
              <strong>{t('composer.windowClosed')}</strong> {t('composer.windowClosedDescription')}
            </>
          )
        }
      />
      <LoadableView loadable={templates} onRetry={onRetry} loading={<SkeletonGroup items={[{ lines: 1 }, { shape: 'block' }]} />}>
        {(list) => {
          if (list.length === 0) return <p className={note}>{t('templates.none')}</p>;
          const chosen = list.find((each) => each.id === draft.templateId && each.blocked === null) ?? null;
          const values = chosen ? templateValues(chosen, draft.values) : {};
          const missing = chosen ? new Set(missingValues(chosen, draft.values)) : new Set<string>();
          const submit = (event: FormEvent) => {
            event.preventDefault();
            if (!chosen) return;
            if (missing.size > 0) onDraftChange({ ...draft, attempted: true });
            else onSend();
          };
          return (
            <form className={root} onSubmit={submit} noValidate>
              <Select
                label={t('templates.label')}
                placeholder={t('templates.placeholder')}
                options={list.map((each) => ({
                  value: String(each.id),
                  label: each.blocked ? t('templates.blockedOption', { name: each.name }) : each.name,
                  disabled: each.blocked !== null,
                }))}
                value={chosen ? String(chosen.id) : null}
                onValueChange={(value) =>
                  onDraftChange({ templateId: value === null ? null : Number(value), values: {}, attempted: false })
                }
                helperText={optedOut ? t('templates.optedOut') : undefined}
              />
              {chosen ? (
                <div className={body}>
                  <div className={fields}>
                    {chosen.variables.length === 0 ? <p className={note}>{t('templates.noVariables')}</p> : null}
                    {chosen.variables.map((variable) => (
                      <TextInput
                        key={variable.name}
                        label={t('templates.variable', { name: variable.name, type: t(`templateDetail:variable.${variable.type}`) })}
                        value={values[variable.name] ?? ''}
                        maxLength={200}
                        required
                        helperText={variable.value !== null ? t('templates.fromCustomer') : t('templates.typeIt')}
                        error={draft.attempted && missing.has(variable.name) ? t('templates.missing') : undefined}
                        onChange={(event) => onDraftChange({ ...draft, values: { ...draft.values, [variable.name]: event.target.value } })}
                      />
                    ))}
                  </div>
                  <MessagePreview
                    header={headerOf(chosen, values)}
                    body={chosen.body}
                    variables={values}
                    footer={chosen.footer ?? undefined}
                    buttons={chosen.buttons.map(
                      (button) =>
                        ({
                          type: button.type === 'PHONE_NUMBER' ? 'phone' : 'url',
                          text: button.text,
                        }) satisfies MessageButton,
                    )}
                  />
                </div>
              ) : null}
              <div className={actions}>
                <Button type="submit" disabled={!chosen} loading={sending}>
                  {t('templates.send')}
                </Button>
              </div>
            </form>
          );
        }}
      </LoadableView>
    </div>
  );
}
