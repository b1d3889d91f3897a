import i18n from 'i18next';
import { CHAT_MESSAGES } from '@app/shared/plain/chat';
import { COMMUNITY_MESSAGES } from '@app/shared/plain/communities';
import { EVENT_MESSAGES } from '@app/shared/plain/calendar';
import { FEEDBACK_MESSAGES } from '@app/shared/plain/feedback';
import { PARTNER_MESSAGES, usd } from '@app/shared/plain/partners';
import { POST_MESSAGES } from '@app/shared/plain/posts';
import { PROFILE_MESSAGES } from '@app/shared/plain/profiles';
import { storageFullMessage } from '@app/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import server from './ar/server.json';
import { serverText } from './server-text.ts';

const catalog: Record<string, string> = server;
const ARABIC = /\p{Script=Arabic}/u;
const placeholders = (text: string) => [...new Set(text.match(/\{\{[nsm]\d+\}\}/g) ?? [])].sort();
/** The catalog key of a message: its runs of digits as {{n0}}, {{n1}}, …; placeholders already in it stay. */
const keyOf = (message: string) => {
  let count = 0;
  return message.replace(/\{\{[nsm]\d+\}\}|\d+/g, (part) => (part.startsWith('{{') ? part : `{{n${count++}}}`));
};
const number = (value: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(value);

const modules = import.meta.glob<Record<string, unknown>>(['../../../../packages/shared/src/*.ts', '!../../../../packages/shared/src/*.test.ts'], { eager: true });

/**
 * Functions of the shared messages whose parameters are text, with the arguments their keys are made
 * of: {{s0}} for text kept as sent, {{m0}} for a message translated in turn, or the values the app
 * passes. Every other function is called with numbers.
 */
const TEXT_ARGUMENTS: Record<string, unknown[][]> = {
  'AUTH_MESSAGES.usernameTaken': [['{{s0}}']],
  'COMMUNITY_MESSAGES.nameTaken': [['{{s0}}']],
  // The three optional fields of the community schemas.
  'COMMUNITY_MESSAGES.textTooLong': [
    ['Description', 2000],
    ['Rules', 2000],
    ['Partner', 100],
  ],
  'COURSE_MESSAGES.createFailed': [['{{m0}}']],
  'EVENT_MESSAGES.uploadFailed': [['{{m0}}']],
  'EVENT_MESSAGES.createFailed': [['{{m0}}']],
  'PARTNER_MESSAGES.payoutTooLarge': [['{{m0}}']],
  'PROFILE_MESSAGES.usernameTaken': [['{{s0}}']],
  'INVITE_MESSAGES.badEmail': [['{{s0}}']],
  'PROFILE_MESSAGES.usernameTooSoon': [['{{m0}}']],
};

/** Every message of every exported `*_MESSAGES` object in packages/shared, functions called with sample arguments. */
function sharedMessages(): Array<{ name: string; message: string }> {
  const found: Array<{ name: string; message: string }> = [];
  for (const exports of Object.values(modules)) {
    for (const [object, value] of Object.entries(exports)) {
      if (!object.endsWith('_MESSAGES')) continue;
      for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
        const name = `${object}.${key}`;
        if (typeof entry === 'string') found.push({ name, message: entry });
        else if (typeof entry === 'function') {
          const calls = TEXT_ARGUMENTS[name] ?? [7, 250].map((n) => Array.from({ length: entry.length }, () => n));
          for (const args of calls) found.push({ name, message: (entry as (...a: unknown[]) => string)(...args) });
        } else throw new Error(`${name} is neither text nor a function`);
      }
    }
  }
  return found;
}

describe('ar/server.json', () => {
  const messages = sharedMessages();

  it('finds the shared messages (the walk reaches every module)', () => {
    const objects = new Set(messages.map((m) => m.name.split('.')[0]));
    expect([...objects].sort()).toEqual(
      expect.arrayContaining(['AUTH_MESSAGES', 'CHAT_MESSAGES', 'COMMUNITY_MESSAGES', 'CONTENT_MESSAGES', 'COURSE_MESSAGES', 'DISCOVER_MESSAGES', 'EVENT_MESSAGES', 'FEEDBACK_MESSAGES', 'INPUT_MESSAGES', 'LEVEL_MESSAGES', 'PARTNER_MESSAGES', 'POST_MESSAGES', 'PROFILE_MESSAGES']),
    );
    for (const name of Object.keys(TEXT_ARGUMENTS)) expect(messages.some((m) => m.name === name), name).toBe(true);
  });

  it('has an Arabic entry with the same placeholders for every shared message', () => {
    const missing = messages.filter(({ message }) => !(keyOf(message) in catalog)).map(({ name, message }) => `${name}: ${keyOf(message)}`);
    expect(missing).toEqual([]);
    for (const { name, message } of messages) {
      const arabic = catalog[keyOf(message)]!;
      expect(arabic, name).toMatch(ARABIC);
      expect(placeholders(arabic), name).toEqual(placeholders(keyOf(message)));
    }
  });

  it('writes every entry in Arabic, with the placeholders of its key', () => {
    for (const [key, arabic] of Object.entries(catalog)) {
      expect(arabic, key).toMatch(ARABIC);
      expect(placeholders(arabic), key).toEqual(placeholders(key));
      expect(keyOf(key), 'a key has its digits as placeholders').toBe(key);
    }
  });

  it("keeps the spec's Arabic word for word", () => {
    expect(catalog[PROFILE_MESSAGES.missingUsername]).toBe('رابط البروفايل غير صحيح أو اسم المستخدم مفقود.');
    expect(catalog[PROFILE_MESSAGES.userNotFound]).toBe('لم يتم العثور على المستخدم المطلوب. تأكد من صحة اسم المستخدم في الرابط.');
    expect(catalog[PROFILE_MESSAGES.profileLoadFailed]).toBe('لم يتم تحميل البروفايل بنجاح.');
    expect(catalog[CHAT_MESSAGES.uploadFailed]).toBe('تعذر رفع الملف');
    expect(catalog[CHAT_MESSAGES.unreadable]).toBe('[رسالة غير قابلة للقراءة]');
    expect(catalog[CHAT_MESSAGES.downloaded]).toBe('تم تنزيل الملف بنجاح');
    expect(catalog[CHAT_MESSAGES.downloadFailed]).toBe('حدث خطأ أثناء التنزيل');
    expect(catalog[POST_MESSAGES.deleteConfirm]).toBe('هل أنت متأكد أنك تريد حذف هذا المنشور؟');
    expect(catalog[COMMUNITY_MESSAGES.notFound]).toBe('تعذر العثور على المجتمع المطلوب');
    expect(catalog[EVENT_MESSAGES.communityNotFound]).toBe('تعذر العثور على المجتمع المطلوب');
  });
});

describe('serverText', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: {} } }, interpolation: { escapeValue: false } });
    i18n.addResourceBundle('ar', 'server', server);
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('returns the English unchanged in English', async () => {
    await i18n.changeLanguage('en');
    expect(serverText(CHAT_MESSAGES.tooLong(4000))).toBe('A message can be at most 4000 characters.');
    expect(serverText(CHAT_MESSAGES.uploadFailed)).toBe('Could not upload the file');
    expect(serverText('Nothing like this is in any catalog.')).toBe('Nothing like this is in any catalog.');
  });

  describe('in Arabic', () => {
    beforeAll(() => i18n.changeLanguage('ar'));

    it('translates a message, putting its numbers back in Arabic numerals', () => {
      expect(serverText(CHAT_MESSAGES.tooLong(4000))).toBe(`يجب ألا يتجاوز عدد أحرف الرسالة ${number(4000)}.`);
      expect(serverText(FEEDBACK_MESSAGES.commentLength(500))).toBe(`يجب أن يكون عدد أحرف التعليق بين ${number(1)} و${number(500)}.`);
      expect(serverText(COMMUNITY_MESSAGES.seatsBelowMembers(12345))).toBe(`لا يمكن أن يقل عدد المقاعد المتاحة عن عدد الأعضاء الحاليين (${number(12345)}).`);
      expect(serverText(CHAT_MESSAGES.uploadFailed)).toBe('تعذر رفع الملف');
    });

    it('keeps text sent inside a message as it is, and translates a message inside one', () => {
      expect(serverText(PROFILE_MESSAGES.usernameTaken('sara_123456'))).toBe('اسم المستخدم «sara_123456» مستخدم بالفعل.');
      expect(serverText(EVENT_MESSAGES.createFailed(COMMUNITY_MESSAGES.noSeats))).toBe('خطأ في إنشاء الفعالية: لا توجد مقاعد متاحة في هذا المجتمع.');
      expect(serverText(EVENT_MESSAGES.createFailed('Boom 42'))).toBe('خطأ في إنشاء الفعالية: Boom 42');
      expect(serverText(PARTNER_MESSAGES.payoutTooLarge(usd(1234)))).toBe(`لا يمكن أن تتجاوز الدفعة الرصيد المعلّق للشريك (${number(12)}.${number(34)} دولار أمريكي).`);
    });

    it('writes a date the server put in a message the Arabic way, the year ungrouped', () => {
      expect(serverText(PROFILE_MESSAGES.usernameTooSoon('January 5, 2026'))).toBe(
        `يمكنك تغيير اسم المستخدم مرة واحدة كل ${number(30)} يومًا. يمكنك تغييره مرة أخرى في ${number(5)} يناير ${number(2026)}.`,
      );
    });

    it('translates the upload quota refusal, amounts and all', () => {
      const MB = 1024 * 1024;
      expect(serverText(storageFullMessage(1024 * MB, 1000 * MB, 30 * MB))).toBe(
        `لا يتسع هذا الملف (${number(30)} ميغابايت) في المساحة المتبقية (${number(24)} ميغابايت) من مساحة التخزين الخاصة بك (${number(1)} غيغابايت). احذف بعض الملفات ثم حاول مرة أخرى.`,
      );
    });

    it('translates every shared message, whatever its arguments', () => {
      const samples = [
        PROFILE_MESSAGES.usernameTooSoon('December 31, 2026'),
        COMMUNITY_MESSAGES.nameTaken('Bakers 2026'),
        COMMUNITY_MESSAGES.textTooLong('Rules', 2000),
        ...sharedMessages().map((m) => m.message.replace(/\{\{[sm]0\}\}/, 'x')),
      ];
      for (const message of samples) expect(serverText(message), message).toMatch(ARABIC);
    });

    it('falls back to the message itself when the catalog has no entry', () => {
      expect(serverText('Nothing like this is in any catalog (42).')).toBe('Nothing like this is in any catalog (42).');
      expect(serverText('')).toBe('');
    });
  });
});
