import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy-text';

/**
 * "Copy URL" of the explorer charts' settings menu (spec part 2 §8): the address is copied only while the
 * view on screen is the one it names, loaded (`queryMade`); otherwise the user is told to press Explore.
 */
export function useCopyUrl(queryMade: boolean): () => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return () => {
    if (!queryMade) {
      void message.warning(t('explorer.settings.noQuery'));
      return;
    }
    copyText(window.location.href).then(
      () => void message.success(t('explorer.settings.copied')),
      () => void message.error(t('explorer.settings.copyFailed')),
    );
  };
}
