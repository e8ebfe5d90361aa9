import { describe, expect, it } from 'vitest';
import { applicationMessages } from '../messages/applications.tr.ts';
import { provinces } from '../provinces.ts';
import {
  APPLICATION_FILE_MAX_BYTES,
  APPLICATION_FILE_MAX_BYTES_SMALL,
  applicationFieldErrors,
  applicationProblems,
  createApplicationBodySchema,
  detectFileType,
  emptyApplicationForm,
  fileSizeProblem,
  fileTypeByName,
  isApplicationFormValid,
  liveMissingFields,
  submitMissingFields,
  type ApplicationFormValues,
} from './applications.ts';
import { z } from './zod-tr.ts';

const m = applicationMessages;
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const complete: ApplicationFormValues = {
  storeName: 'Işık Optik & Gözlük Ltd.',
  authorizedPerson: 'Çağrı Öztürk',
  email: 'cagri@isikoptik.com.tr',
  phone: '05321234567',
  cityDistrict: 'İzmir',
  district: 'Karşıyaka',
  taxNumber: '1234567890',
  utsNumber: '1234567890123',
  additionalInfo: 'İki şubemiz var.',
};

describe('provinces', () => {
  it('lists the 81 provinces once each, in Turkish alphabetical order, with Mersin as İçel (Mersin)', () => {
    expect(provinces).toHaveLength(81);
    expect(new Set(provinces).size).toBe(81);
    expect([...provinces].sort(new Intl.Collator('tr').compare)).toEqual([...provinces]);
    expect(provinces).toContain('İçel (Mersin)');
    expect(provinces).not.toContain('Mersin');
    expect(provinces.slice(0, 4)).toEqual(['Adana', 'Adıyaman', 'Afyonkarahisar', 'Ağrı']);
    expect(provinces.indexOf('Kırşehir')).toBeLessThan(provinces.indexOf('Kilis'));
    expect(provinces.at(-1)).toBe('Zonguldak');
  });
});

describe('liveMissingFields (ÜTS optional: the live reading)', () => {
  it('lists every missing item with the live labels, in the screen’s order', () => {
    expect(liveMissingFields(emptyApplicationForm, false)).toEqual([
      'Mağaza Adı',
      'Yetkili Kişi',
      'Geçerli E-posta',
      'Geçerli Telefon (05xxxxxxxxx)',
      'İl/İlçe',
      'Geçerli Vergi Numarası (10 hane)',
      'Vergi Levhası Dosyası',
    ]);
  });

  it('is empty for a complete form with a file, and also without ÜTS', () => {
    expect(liveMissingFields(complete, true)).toEqual([]);
    expect(liveMissingFields({ ...complete, utsNumber: '' }, true)).toEqual([]);
    expect(isApplicationFormValid({ ...complete, utsNumber: '' }, true)).toBe(true);
  });

  it('lists ÜTS only when it is given and not 13 digits', () => {
    expect(liveMissingFields({ ...complete, utsNumber: '123' }, true)).toEqual(['Geçerli ÜTS Numarası (13 hane)']);
  });

  it.each([
    ['an e-mail without a domain', { email: 'cagri@' }, 'Geçerli E-posta'],
    ['a phone not starting with 05', { phone: '04321234567' }, 'Geçerli Telefon (05xxxxxxxxx)'],
    ['a phone of 10 digits', { phone: '0532123456' }, 'Geçerli Telefon (05xxxxxxxxx)'],
    ['a phone with spaces', { phone: '0532 123 45 67' }, 'Geçerli Telefon (05xxxxxxxxx)'],
    ['a tax number of 9 digits', { taxNumber: '123456789' }, 'Geçerli Vergi Numarası (10 hane)'],
    ['a tax number of 11 digits', { taxNumber: '12345678901' }, 'Geçerli Vergi Numarası (10 hane)'],
  ])('flags %s', (_label, change, label) => {
    expect(liveMissingFields({ ...complete, ...change }, true)).toEqual([label]);
  });

  it('asks for the certificate when no file is chosen', () => {
    expect(liveMissingFields(complete, false)).toEqual(['Vergi Levhası Dosyası']);
    expect(isApplicationFormValid(complete, false)).toBe(false);
  });
});

describe('submitMissingFields (ÜTS required: the submit-time reading)', () => {
  it('names every empty required field with the submit labels, ÜTS included', () => {
    expect(submitMissingFields(emptyApplicationForm)).toEqual([
      'Mağaza Adı',
      'Yetkili Kişi',
      'E-posta',
      'Telefon',
      'İl/İlçe',
      'Vergi Numarası',
      'ÜTS Numarası',
    ]);
    expect(submitMissingFields({ ...complete, utsNumber: '  ' })).toEqual(['ÜTS Numarası']);
    expect(submitMissingFields(complete)).toEqual([]);
  });
});

describe('applicationProblems: the submit-time checks in the spec’s order', () => {
  it('reports missing fields first as "Eksik bilgiler" with the joined labels', () => {
    const [first] = applicationProblems({ ...complete, storeName: '', utsNumber: '' }, false);
    expect(first).toEqual({
      field: 'storeName',
      title: 'Eksik bilgiler',
      message: 'Lütfen şu alanları doldurunuz: Mağaza Adı, ÜTS Numarası',
    });
  });

  it('then the file, e-mail, phone, tax number and ÜTS, each with the spec’s title and text', () => {
    expect(applicationProblems(complete, false)[0]).toEqual({
      field: 'document',
      title: 'Belge yüklenmedi',
      message: 'Lütfen vergi levhası yükleyiniz.',
    });
    expect(applicationProblems({ ...complete, email: 'yanlis' }, true)[0]).toEqual({
      field: 'email',
      title: 'Geçersiz e-posta',
      message: 'Lütfen geçerli bir e-posta adresi giriniz.',
    });
    expect(applicationProblems({ ...complete, phone: '5321234567' }, true)[0]).toEqual({
      field: 'phone',
      title: 'Geçersiz telefon',
      message: 'Lütfen geçerli bir telefon numarası giriniz. (05xxxxxxxxx)',
    });
    expect(applicationProblems({ ...complete, taxNumber: '12345' }, true)[0]).toEqual({
      field: 'taxNumber',
      title: 'Geçersiz vergi numarası',
      message: 'Vergi numarası 10 haneli olmalıdır.',
    });
    expect(applicationProblems({ ...complete, utsNumber: '12345678901234' }, true)[0]).toEqual({
      field: 'utsNumber',
      title: 'Geçersiz ÜTS numarası',
      message: 'ÜTS numarası 13 haneli olmalıdır.',
    });
  });

  it('refuses an applicant type other than store with "Başvuru tipi seçilmedi"', () => {
    expect(applicationProblems(complete, true, '')[0]).toMatchObject({
      field: 'applicantType',
      title: 'Başvuru tipi seçilmedi',
    });
    expect(applicationProblems(complete, true, 'store')).toEqual([]);
  });
});

describe('applicationFieldErrors: the remaining field rules', () => {
  it.each([
    ['storeName', { storeName: 'A' }, m.storeNameMin],
    ['storeName', { storeName: 'a'.repeat(101) }, m.storeNameMax],
    ['storeName', { storeName: 'Optik <script>' }, m.storeNamePattern],
    ['authorizedPerson', { authorizedPerson: 'Ç' }, m.authorizedPersonMin],
    ['authorizedPerson', { authorizedPerson: 'a'.repeat(101) }, m.authorizedPersonMax],
    ['cityDistrict', { cityDistrict: 'Mersin' }, m.cityInvalid],
    ['district', { district: 'K' }, m.districtInvalid],
    ['district', { district: 'Karşıyaka 2' }, m.districtInvalid],
    ['district', { district: 'a'.repeat(51) }, m.districtInvalid],
    ['additionalInfo', { additionalInfo: 'a'.repeat(1001) }, m.additionalInfoMax],
  ])('%s: %j', (field, change, message) => {
    expect(applicationFieldErrors({ ...complete, ...change })).toEqual({ [field]: message });
    expect(isApplicationFormValid({ ...complete, ...change }, true)).toBe(false);
  });

  it('accepts Turkish letters, digits, spaces, hyphen, ampersand and dot in the store name, and 1000 characters of info', () => {
    expect(
      applicationFieldErrors({
        ...complete,
        storeName: 'Şık Göz-Optik & Co. 2',
        additionalInfo: 'a'.repeat(1000),
        cityDistrict: 'İçel (Mersin)',
      }),
    ).toEqual({});
  });
});

describe('file checks', () => {
  const pdf = ascii('%PDF-1.7\n');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

  it('detects PDF, PNG and JPEG by their first bytes, and nothing else', () => {
    expect(detectFileType(pdf)).toBe('application/pdf');
    expect(detectFileType(png)).toBe('image/png');
    expect(detectFileType(jpeg)).toBe('image/jpeg');
    expect(detectFileType(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))).toBeNull(); // MZ executable
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(ascii('%PD'))).toBeNull();
  });

  it('maps the accepted extensions, case-insensitively', () => {
    expect(fileTypeByName('Vergi Levhası.PDF')).toBe('application/pdf');
    expect(fileTypeByName('levha.jpg')).toBe('image/jpeg');
    expect(fileTypeByName('levha.jpeg')).toBe('image/jpeg');
    expect(fileTypeByName('levha.png')).toBe('image/png');
    expect(fileTypeByName('levha.exe')).toBeNull();
    expect(fileTypeByName('levha')).toBeNull();
  });

  it('applies 5 MB on /register and 10 MB on /auth/register with each variant’s wording', () => {
    expect(fileSizeProblem(APPLICATION_FILE_MAX_BYTES_SMALL, APPLICATION_FILE_MAX_BYTES_SMALL)).toBeNull();
    expect(fileSizeProblem(5242881, APPLICATION_FILE_MAX_BYTES_SMALL)).toEqual({
      title: 'Dosya çok büyük',
      description: "Dosya boyutu 5MB'dan küçük olmalıdır.",
    });
    expect(fileSizeProblem(APPLICATION_FILE_MAX_BYTES, APPLICATION_FILE_MAX_BYTES)).toBeNull();
    expect(fileSizeProblem(12.5 * 1024 * 1024, APPLICATION_FILE_MAX_BYTES)).toEqual({
      title: 'Dosya boyutu çok büyük',
      description: 'Dosya boyutu 12,50 MB. Maksimum 10MB olmalıdır.',
    });
  });
});

describe('createApplicationBodySchema', () => {
  const schema = createApplicationBodySchema(z.string());
  const body = { ...complete, applicantType: 'store', document: 'dosya' };

  it('trims, lower-cases the e-mail, keeps the province apart from the district, and empties optional fields to null', () => {
    expect(
      schema.parse({
        ...body,
        email: ' Cagri@IsikOptik.com.tr ',
        district: ' ',
        additionalInfo: '',
        utsNumber: '1234567890123',
      }),
    ).toEqual({
      storeName: complete.storeName,
      authorizedPerson: complete.authorizedPerson,
      email: 'cagri@isikoptik.com.tr',
      phone: complete.phone,
      city: 'İzmir',
      district: null,
      taxNumber: complete.taxNumber,
      utsNumber: '1234567890123',
      additionalInfo: null,
      applicantType: 'store',
      document: 'dosya',
    });
  });

  it('puts the spec’s first message first, one issue per failing field', () => {
    const result = schema.safeParse({ ...body, utsNumber: '', phone: '123', document: undefined });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['utsNumber', 'Lütfen şu alanları doldurunuz: ÜTS Numarası'],
      ['document', 'Lütfen vergi levhası yükleyiniz.'],
      ['phone', 'Lütfen geçerli bir telefon numarası giriniz. (05xxxxxxxxx)'],
    ]);
  });

  it('treats a missing applicant type as store', () => {
    expect(schema.parse({ ...body, applicantType: undefined }).applicantType).toBe('store');
  });
});
