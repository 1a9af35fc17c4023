export const CHAT_PATH = '/chat';
