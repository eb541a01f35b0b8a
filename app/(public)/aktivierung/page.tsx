import type { SearchParamsRecord } from '@/lib/list-params';
import { SetPasswordPage, setPasswordMetadata } from '@/components/identity/set-password-page';

export const generateMetadata = () => setPasswordMetadata('activate');

/** `/aktivierung/?token=…` from the invitation: set the first password; the user becomes active. */
export default async function ActivationPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  return <SetPasswordPage purpose="activate" searchParams={await props.searchParams} />;
}
