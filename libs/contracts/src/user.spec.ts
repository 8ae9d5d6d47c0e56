import { UserMessages, passwordChangeSchema, userCreateSchema, userUpdateSchema } from './user';

const valid = { name: 'Ana.Lopez_1', email: 'ana@plant.example', password: 'abc123', repeat: 'abc123' };

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('user validation (spec part 1 §5)', () => {
  it('lower-cases the name and accepts letters, digits, dot, hyphen and underscore', () => {
    const parsed = userCreateSchema.parse(valid);
    expect(parsed.name).toBe('ana.lopez_1');
    expect(parsed.enabled).toBe(true);
    expect(parsed.groupIds).toEqual([]);
  });

  it.each(['ana lopez', 'ana@x', '', 'año!'])('rejects the name %j with the format message', (name) => {
    expect(messages(userCreateSchema.safeParse({ ...valid, name }))).toContain(UserMessages.nameFormat);
  });

  it.each(['abc12', 'abcdef', '123456'])('rejects the password %j', (password) => {
    expect(messages(userCreateSchema.safeParse({ ...valid, password, repeat: password }))).toContain(
      UserMessages.passwordRule,
    );
  });

  it('requires repeat to equal password', () => {
    expect(messages(userCreateSchema.safeParse({ ...valid, repeat: 'abc124' }))).toEqual([
      UserMessages.passwordDifferent,
    ]);
  });

  it('lets an update leave the password out', () => {
    expect(userUpdateSchema.safeParse({ id: 3, name: 'ana' }).success).toBe(true);
    expect(messages(userUpdateSchema.safeParse({ id: 3, name: 'ana', password: 'x1' }))).toContain(
      UserMessages.passwordRule,
    );
  });

  it('checks the new password of a password change', () => {
    expect(
      passwordChangeSchema.safeParse({ oldPassword: 'a', newPassword: 'abc123', username: 'ana' }).success,
    ).toBe(true);
    expect(
      messages(passwordChangeSchema.safeParse({ oldPassword: 'a', newPassword: 'abcdefg', username: 'ana' })),
    ).toContain(UserMessages.passwordRule);
  });
});
