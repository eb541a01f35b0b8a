/** The signed-in user's own record, password, e-mail address and sessions. */
export const profileApi = {
  path: '/profile/',
  passwordPath: '/profile/password/',
  emailPath: '/profile/email/',
  sessionsPath: '/profile/sessions/',
  sessionPath: (id: string) => `/profile/sessions/${encodeURIComponent(id)}/`,
  mfaPath: '/profile/mfa/',
  totpPath: '/profile/mfa/totp/',
  totpConfirmPath: '/profile/mfa/totp/confirm/',
  recoveryCodesPath: '/profile/mfa/recovery-codes/',
  passkeysPath: '/profile/mfa/passkeys/',
  passkeyOptionsPath: '/profile/mfa/passkeys/options/',
  passkeyPath: (id: string) => `/profile/mfa/passkeys/${encodeURIComponent(id)}/`,
  stepUpPath: '/auth/step-up/',
  /** Saved views (issue 27): `?list=` names the list. */
  viewsPath: (list: string) => `/profile/views/?list=${encodeURIComponent(list)}`,
  viewCreatePath: '/profile/views/',
  viewPath: (id: string) => `/profile/views/${encodeURIComponent(id)}/`,
  /** The columns one hid in a list. */
  columnsPath: (list: string) => `/profile/columns/${encodeURIComponent(list)}/`,
  stepUpOptionsPath: '/auth/step-up/options/',
};

/** The public endpoints behind the links in the mails; called without a session. */
export const identityApi = {
  forgotPasswordPath: '/auth/password/forgot/',
  resetPasswordPath: '/auth/password/reset/',
  activatePath: '/auth/activate/',
  confirmEmailPath: '/auth/confirm-email/',
};
