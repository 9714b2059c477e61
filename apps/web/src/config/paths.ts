// Route paths live in contracts so the server's page guard and this router agree (STYLE.md §2).
export { paths, LOGIN_PATH, SIGNUP_PATH, ROLE_HOME, ACCOUNT_PATH } from '@vidya/contracts';
