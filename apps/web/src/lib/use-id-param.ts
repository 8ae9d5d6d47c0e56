import { useSearchParams } from 'react-router-dom';

// The `id` query parameter of edit screens (/user?id=3), when it is a positive integer.
export function useIdParam(): number | undefined {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
