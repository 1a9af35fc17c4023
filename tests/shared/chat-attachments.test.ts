import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, attachmentKind, attachmentProblem } from '../../src/shared/chat-attachments';

const MB = 1024 * 1024;

describe('chat attachments', () => {
  it('sends each WhatsApp media type as its kind', () => {
    expect(attachmentKind('image/png')).toBe('image');
    expect(attachmentKind('video/3gpp')).toBe('video');
    expect(attachmentKind('audio/ogg')).toBe('audio');
    expect(attachmentKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('document');
    expect(attachmentKind('image/gif')).toBeNull();
    expect(attachmentKind('toString')).toBeNull();
    expect(ATTACHMENT_ACCEPT.split(',')).toContain('application/pdf');
  });

  it('refuses a type WhatsApp does not send, and a file over its kind’s limit, to the byte', () => {
    expect(attachmentProblem({ type: 'image/webp', size: 10 })).toEqual({ problem: 'invalidType' });
    expect(attachmentProblem({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(attachmentProblem({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({ problem: 'tooLarge', kind: 'image', maxBytes: 5 * MB });
    expect(attachmentProblem({ type: 'audio/mpeg', size: 16 * MB + 1 })).toMatchObject({ problem: 'tooLarge', kind: 'audio' });
    expect(attachmentProblem({ type: 'application/pdf', size: 100 * MB })).toBeNull();
  });
});
