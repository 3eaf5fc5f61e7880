import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

/** Navigation that ignores a click on the page already shown (spec: duplicate navigation is ignored). */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (to === location.pathname + location.search) return;
      void navigate(to, options);
    },
    [navigate, location.pathname, location.search],
  );
}
