import { AdTrackingSetting } from './ad-tracking-setting';
import { DownloadMyData } from './download-my-data';
import { PersonalDataTexts } from './personal-data-texts';

/** The settings' personal-data sections: the ad-tracking consent and "Download my data". */
export function PersonalDataSettings() {
  return (
    <PersonalDataTexts>
      <AdTrackingSetting />
      <DownloadMyData />
    </PersonalDataTexts>
  );
}
