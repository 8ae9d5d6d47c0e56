// node tools/fuzz/users.mjs URL ADMIN_NAME ADMIN_PASSWORD PLAIN_PASSWORD: prints two access tokens, one a line:
// the administrator's, then a new plain user's (alone in a new group that grants nothing), made through the
// API as any client would.
const [url, adminName, adminPassword, plainPassword] = process.argv.slice(2);

async function call(method, path, { token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'x-authorization': `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const signIn = async (username, password) =>
  (await call('POST', '/api/auth/login', { body: { username, password } })).accessToken;

const admin = await signIn(adminName, adminPassword);
const suffix = Date.now().toString(36);
const group = await call('POST', '/api/web/group', { token: admin, body: { name: `fuzz ${suffix}` } });
const plainName = `fuzz-plain-${suffix}`;
await call('POST', '/api/web/user', {
  token: admin,
  body: {
    name: plainName,
    email: `${plainName}@fuzz.example`,
    admin: false,
    enabled: true,
    groupIds: [group.id],
    password: plainPassword,
    repeat: plainPassword,
  },
});
console.log(admin);
console.log(await signIn(plainName, plainPassword));
