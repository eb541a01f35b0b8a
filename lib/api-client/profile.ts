/** The signed-in user's own record, password, e-mail address and sessions. */
export const profileApi = {
  path: '/profile/',
  passwordPath: '/profile/password/',
  emailPath: '/profile/email/',
  sessionsPath: '/profile/sessions/',
  sessionPath: (id: string) => `/profile/sessions/${encodeURIComponent(id)}/`,
};

/** The public endpoints behind the links in the mails; called without a session. */
export const identityApi = {
  forgotPasswordPath: '/auth/password/forgot/',
  resetPasswordPath: '/auth/password/reset/',
  activatePath: '/auth/activate/',
  confirmEmailPath: '/auth/confirm-email/',
};
