import type { SearchParamsRecord } from '@/lib/list-params';
import { SetPasswordPage, setPasswordMetadata } from '@/components/identity/set-password-page';

export const generateMetadata = () => setPasswordMetadata('reset');

/** `/pw-reset/?token=…` from the "Passwort vergessen" mail: set a new password. */
export default async function ResetPasswordPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  return <SetPasswordPage purpose="reset" searchParams={await props.searchParams} />;
}
