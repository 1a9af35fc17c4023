import type account from './es/account.json';
import type auth from './es/auth.json';
import type campaignDetail from './es/campaignDetail.json';
import type campaigns from './es/campaigns.json';
import type cancelSubscription from './es/cancelSubscription.json';
import type chat from './es/chat.json';
import type collaborators from './es/collaborators.json';
import type common from './es/common.json';
import type createCampaign from './es/createCampaign.json';
import type createSegment from './es/createSegment.json';
import type createTemplate from './es/createTemplate.json';
import type createWhatsappCampaign from './es/createWhatsappCampaign.json';
import type dashboard from './es/dashboard.json';
import type dates from './es/dates.json';
import type integrations from './es/integrations.json';
import type legal from './es/legal.json';
import type metrics from './es/metrics.json';
import type onboarding from './es/onboarding.json';
import type segments from './es/segments.json';
import type templateDetail from './es/templateDetail.json';
import type toasts from './es/toasts.json';
import type whatsapp from './es/whatsapp.json';
import type whatsappCampaignDetail from './es/whatsappCampaignDetail.json';

// Typed keys for the groups that hold text so far; a misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      account: typeof account;
      auth: typeof auth;
      campaignDetail: typeof campaignDetail;
      campaigns: typeof campaigns;
      cancelSubscription: typeof cancelSubscription;
      chat: typeof chat;
      collaborators: typeof collaborators;
      createCampaign: typeof createCampaign;
      createSegment: typeof createSegment;
      createTemplate: typeof createTemplate;
      createWhatsappCampaign: typeof createWhatsappCampaign;
      dashboard: typeof dashboard;
      dates: typeof dates;
      integrations: typeof integrations;
      legal: typeof legal;
      metrics: typeof metrics;
      onboarding: typeof onboarding;
      segments: typeof segments;
      templateDetail: typeof templateDetail;
      toasts: typeof toasts;
      whatsapp: typeof whatsapp;
      whatsappCampaignDetail: typeof whatsappCampaignDetail;
    };
  }
}
