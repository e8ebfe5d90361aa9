import { describe, expect, it } from 'vitest';
import { accountMenuRoleLabel, accountName, displayName, isRole, roleLabel, storeNumber } from './roles.ts';

describe('roleLabel', () => {
  it.each([
    ['admin', 'Admin'],
    ['store_owner', 'Mağaza Sahibi'],
    ['optician', 'Optisyen'],
    ['user', 'Kullanıcı'],
    ['superuser', 'Kullanıcı'],
    [null, 'Kullanıcı'],
    [undefined, 'Kullanıcı'],
  ])('labels %s as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});

describe('accountMenuRoleLabel', () => {
  it.each([
    ['admin', 'Admin'],
    ['store_owner', 'Kullanıcı'],
    ['optician', 'Kullanıcı'],
    ['user', 'Kullanıcı'],
    [null, 'Kullanıcı'],
  ])('shows %s as %s', (role, label) => {
    expect(accountMenuRoleLabel(role)).toBe(label);
  });
});

describe('isRole', () => {
  it('knows the four roles and nothing else', () => {
    expect(['admin', 'store_owner', 'optician', 'user'].every(isRole)).toBe(true);
    expect(isRole('Admin')).toBe(false);
    expect(isRole(1)).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe('storeNumber', () => {
  it("is 'OPT#' and the first 5 characters of the id, upper-cased", () => {
    expect(storeNumber('3fa85f6457174562b3fc2c963f66afa6')).toBe('OPT#3FA85');
    expect(storeNumber('demokadikoy')).toBe('OPT#DEMOK');
  });

  it('uses the whole id when it is shorter than 5 characters', () => {
    expect(storeNumber('ab1')).toBe('OPT#AB1');
  });
});

describe('displayName', () => {
  it('prefers the trimmed full name', () => {
    expect(displayName({ fullName: '  Ayşe Yılmaz ', email: 'ayse@ornek.com' })).toBe('Ayşe Yılmaz');
  });

  it('falls back to the part of the e-mail before the at-sign', () => {
    expect(displayName({ fullName: '   ', email: 'kadikoy.optik@ornek.com' })).toBe('kadikoy.optik');
    expect(displayName({ fullName: null, email: 'kadikoy.optik@ornek.com' })).toBe('kadikoy.optik');
  });

  it("falls back to 'Kullanıcı' when there is neither", () => {
    expect(displayName({ fullName: '', email: '' })).toBe('Kullanıcı');
    expect(displayName({ email: '@ornek.com' })).toBe('Kullanıcı');
    expect(displayName({})).toBe('Kullanıcı');
    expect(displayName(null)).toBe('Kullanıcı');
    expect(displayName(undefined)).toBe('Kullanıcı');
  });
});

describe('accountName', () => {
  it.each([
    [{ fullName: ' Işık Optik ', email: 'isik@ornek.com' }, 'Işık Optik'],
    [{ fullName: '  ', email: 'isik@ornek.com' }, 'isik@ornek.com'],
    [{ fullName: null, email: null }, 'Kullanıcı'],
  ])('names %o as %s (full name, else the whole e-mail, else Kullanıcı)', (user, name) => {
    expect(accountName(user)).toBe(name);
  });
});
