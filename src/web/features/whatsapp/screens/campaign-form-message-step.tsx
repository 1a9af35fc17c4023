import type { Ref } from 'react';
import { Controller, type UseFormRegister, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatDate, formatDateTime, formatUsd } from '../../../../shared/format';
import { templateUsableWith, WHATSAPP_CAMPAIGN_LIMITS } from '../../../../shared/whatsapp-campaigns';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { TextInput, useFieldErrorText } from '../../../ui/field';
import { FormSection, formLayout } from '../../../ui/form-layout';
import type { LinkComponent } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { RadioCardGroup } from '../../../ui/radio-card';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { chosenTemplate, deferredSchedule, headerFileOf, variablesNeeded, type WhatsappCampaignFormValues } from '../forms/campaign-form';
import { isMediaHeader } from '../forms/template-form';
import type { CampaignStepProps } from './campaign-form-props';
import { HeaderFileDrop } from './header-file-drop';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappCampaignAudience = components['schemas']['WhatsappCampaignAudience'];

const cardText = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const cardName = css({ fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' });
const cardNote = css({ textStyle: 'note', color: 'fg.muted' });
const cardBody = css({ textStyle: 'note', color: 'fg.muted', lineClamp: '2' });
const note = css({ textStyle: 'note', color: 'fg.muted', m: '0' });
const figure = css({ fontWeight: 'semibold', color: 'fg.default', m: '0' });
const status = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted', m: '0' });

export interface CampaignMessageStepProps extends CampaignStepProps {
  register: UseFormRegister<WhatsappCampaignFormValues>;
  setValue: UseFormSetValue<WhatsappCampaignFormValues>;
  /** The approved templates, with their content. */
  templates: Loadable<readonly WhatsappTemplate[]>;
  onTemplatesRetry?: (() => void) | undefined;
  /** What the campaign reaches and costs; null until there is something to ask (a template, a segment). */
  audience: Loadable<WhatsappCampaignAudience> | null;
  /** When the campaign would leave (a unique one's day and hour, else now), to say when what waits goes out. */
  sendAt: number;
  onUploadHeaderFile: (file: File) => Promise<{ mediaId: number; url: string }>;
  createTemplateHref: string;
  linkComponent: LinkComponent;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** The segment's consented customers, the cost if each message is delivered, and whether today's limit takes them all. */
function AudienceSummary({ audience, sendAt }: { audience: WhatsappCampaignAudience; sendAt: number }) {
  const { t } = useTranslation('createWhatsappCampaign');
  const { members, consented, cost, messagingLimit } = audience;
  if (members === null || consented === null) return null;
  const schedule = messagingLimit ? deferredSchedule(sendAt, messagingLimit.perDay, messagingLimit.deferred) : null;
  return (
    <>
      <p className={figure}>{t('audience.consented', { consented: formatCount(consented), members: formatCount(members) })}</p>
      <p className={note}>{t('audience.consentNote')}</p>
      {cost ? (
        <>
          <p className={figure}>{t('audience.cost', { total: formatUsd(cost.estimatedUsd) })}</p>
          <p className={note}>
            {t('audience.costNote', {
              rate: formatUsd(cost.rateUsd),
              category: t(`audience.categories.${cost.category}`),
              asOf: formatDate(cost.ratesAsOf),
            })}
          </p>
        </>
      ) : null}
      {messagingLimit && schedule ? (
        <Banner
          tone="warning"
          message={t(schedule.days > 1 ? 'audience.limitExceeded' : 'audience.limitExceededOne', {
            perDay: formatCount(messagingLimit.perDay),
            available: formatCount(messagingLimit.availableNow),
            deferred: formatCount(messagingLimit.deferred),
            from: formatDateTime(schedule.from),
            days: schedule.days,
          })}
        />
      ) : messagingLimit ? (
        <p className={note}>
          {messagingLimit.perDay === null
            ? t('audience.limitUnlimited')
            : t('audience.limitFits', { perDay: formatCount(messagingLimit.perDay) })}
        </p>
      ) : null}
    </>
  );
}

/** Step 2: the approved template, the texts it needs, its header's file, and (with a segment) who it reaches and what it costs. */
export function CampaignMessageStep({
  control,
  register,
  setValue,
  errorOf,
  disabled,
  templates,
  onTemplatesRetry,
  audience,
  sendAt,
  onUploadHeaderFile,
  createTemplateHref,
  linkComponent: Link,
  titleRef,
}: CampaignMessageStepProps) {
  const { t } = useTranslation('createWhatsappCampaign');
  const { t: tDetail } = useTranslation('templateDetail');
  const [kind, event, templateId, headerFile] = useWatch({ control, name: ['kind', 'event', 'templateId', 'headerFile'] });
  const templateError = useFieldErrorText(errorOf('templateId'));
  const fileError = useFieldErrorText(errorOf('headerFile'));
  const list = templates.status === 'success' ? templates.data : [];
  const template = chosenTemplate({ templateId }, list);
  const needed = variablesNeeded({ kind, event }, template);
  const automatedEvent = kind === 'automated' ? event : null;
  const showsAudience = audience !== null && (kind === 'unique' || event === 'segmentEntry');

  return (
    <FormSection title={t('message.title')} description={t('message.description')} titleRef={titleRef}>
      <LoadableView
        loadable={templates}
        loading={<SkeletonGroup items={[{ shape: 'block' }, { shape: 'block' }]} />}
        onRetry={onTemplatesRetry}
      >
        {(approved) =>
          approved.length === 0 ? (
            <Card as="div">
              <EmptyState
                title={t('message.noTemplates.title')}
                description={t('message.noTemplates.description')}
                action={
                  <Link href={createTemplateHref} className={button()}>
                    {t('message.noTemplates.action')}
                  </Link>
                }
              />
            </Card>
          ) : (
            <Controller
              control={control}
              name="templateId"
              render={({ field }) => (
                <>
                  <RadioCardGroup
                    legend={t('message.template')}
                    name={field.name}
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      // The header's file is the chosen template's own until another is uploaded.
                      const chosen = approved.find((each) => String(each.id) === value);
                      setValue('headerFile', headerFileOf(chosen?.header.media ?? null), { shouldDirty: true });
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={disabled}
                    invalid={Boolean(templateError)}
                    aria-describedby={templateError ? 'whatsapp-campaign-template-error' : undefined}
                    options={approved.map((each) => {
                      const usable = templateUsableWith(each.buttons, kind ?? 'unique', automatedEvent);
                      return {
                        value: String(each.id),
                        disabled: !usable,
                        content: (
                          <span className={cardText}>
                            <span className={cardName}>{each.name}</span>
                            <span className={cardNote}>
                              {tDetail(`category.${each.category}.label`)} · {tDetail(`headerFormat.${each.header.format}`)}
                            </span>
                            <span className={cardBody}>{each.body}</span>
                            {usable ? null : <span className={cardNote}>{t('message.templateNotUsable')}</span>}
                          </span>
                        ),
                      };
                    })}
                  />
                  {templateError ? (
                    <p id="whatsapp-campaign-template-error" role="alert" className={formLayout.alert}>
                      {templateError}
                    </p>
                  ) : null}
                </>
              )}
            />
          )
        }
      </LoadableView>

      {template && needed.length > 0 ? (
        <div className={formLayout.group}>
          <h3 className={formLayout.groupTitle}>{t('message.variables.title')}</h3>
          <p className={note}>{t('message.variables.intro')}</p>
          {needed.map(({ name, reason }) => (
            <TextInput
              key={name}
              label={t('message.variables.label', { name })}
              required
              disabled={disabled}
              error={errorOf(`variables.${name}`)}
              errorValues={{ max: WHATSAPP_CAMPAIGN_LIMITS.variableTextMaxLength }}
              helperText={t(`message.variables.reasons.${reason}`, { event: event ? t(`general.events.${event}.name`) : '' })}
              {...register(`variables.${name}`)}
            />
          ))}
        </div>
      ) : null}

      {template && isMediaHeader(template.header.format) ? (
        <div className={formLayout.group}>
          <h3 className={formLayout.groupTitle}>{t('message.header.title')}</h3>
          <p className={note}>{t('message.header.help')}</p>
          <HeaderFileDrop
            format={template.header.format}
            label={t(`message.header.label.${template.header.format}`)}
            file={headerFile}
            onChange={(file, uploaded) => setValue('headerFile', file, { shouldDirty: true, shouldValidate: uploaded })}
            onUpload={onUploadHeaderFile}
            disabled={disabled}
            error={fileError}
          />
        </div>
      ) : null}

      {showsAudience ? (
        <div className={formLayout.group}>
          <h3 className={formLayout.groupTitle}>{t('audience.title')}</h3>
          <LoadableView
            loadable={audience}
            loading={
              <p className={status} role="status" aria-busy="true">
                <Spinner size="sm" />
                {t('audience.loading')}
              </p>
            }
            error={() => <p className={note}>{t('audience.failed')}</p>}
          >
            {(answer) => <AudienceSummary audience={answer} sendAt={sendAt} />}
          </LoadableView>
        </div>
      ) : null}
    </FormSection>
  );
}
