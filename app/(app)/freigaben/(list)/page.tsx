import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import type { SearchParamsRecord } from '@/lib/list-params';
import { approvalList } from '../_components/approval-list';

export const generateMetadata = () => listMetadata('approvals');

/** The approvals: all of it is `approvalList`. */
export default async function ApprovalsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(approvalList, props.searchParams);
  return (
    <>
      <h1 className="h3 mb-3">{context.t('title')}</h1>
      <ListView descriptor={approvalList} context={context} />
    </>
  );
}
