import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { invalidateSharedQueries, withQueryClient } from './query-client';

const KEY = ['tests', 'count'] as const;

const Count = withQueryClient(function Count({ queryFn }: { queryFn: () => Promise<number> }) {
  const { data } = useQuery({ queryKey: KEY, queryFn, staleTime: Infinity });
  return <span data-testid="count">{data ?? '–'}</span>;
});

describe('the shared browser query client', () => {
  it('does nothing while no component has asked anything', async () => {
    await expect(invalidateSharedQueries(KEY)).resolves.toBeUndefined();
  });

  it('invalidateSharedQueries makes the islands on the shared client ask again', async () => {
    let answer = 1;
    const queryFn = jest.fn(async () => answer);
    renderWithIntl(<Count queryFn={queryFn} />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));

    answer = 2;
    await act(() => invalidateSharedQueries(KEY));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(queryFn).toHaveBeenCalledTimes(2);

    // Other keys stay as they are.
    await act(() => invalidateSharedQueries(['tests', 'other']));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
