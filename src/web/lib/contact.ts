/**
 * Recompra's support mailbox. A product decision, written down here: help is a person answering mail,
 * so the help menu offers the guide for the first steps and this address, and the terms and the privacy
 * policy name it for questions and data requests.
 */
export const SUPPORT_EMAIL = 'soporte@recompra.cl';
