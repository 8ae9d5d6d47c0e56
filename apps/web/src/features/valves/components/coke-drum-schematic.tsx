import type { AssetErrorDto, ValveAssetId } from '@plantlens/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssetErrorList } from './asset-error-list';

interface CokeDrumSchematicProps {
  /** the errors of each asset id */
  errors: ReadonlyMap<string, AssetErrorDto[]>;
  onOpen: (asset: string) => void;
}

const STEEL = '#5b6b7a';
const PIPE = '#7d8a96';

// Where each valve of drum A sits on the drawing, and which way its label goes.
const VALVES: Record<ValveAssetId, { x: number; y: number; label: 'right' | 'below' }> = {
  gate01: { x: 300, y: 62, label: 'right' },
  gate02: { x: 300, y: 578, label: 'right' },
  switch01: { x: 470, y: 120, label: 'below' },
  lift01: { x: 130, y: 180, label: 'below' },
  lift02: { x: 130, y: 290, label: 'below' },
  lift03: { x: 130, y: 400, label: 'below' },
  lift04: { x: 470, y: 330, label: 'below' },
  lift05: { x: 470, y: 470, label: 'below' },
};

// A valve symbol: the bow-tie body with its actuator on a stem, on a horizontal line.
function ValveSymbol({ x, y }: { x: number; y: number }) {
  return (
    <g aria-hidden="true" pointerEvents="none">
      <path
        d={`M${x - 16} ${y - 10} L${x} ${y} L${x - 16} ${y + 10} Z M${x + 16} ${y - 10} L${x} ${y} L${x + 16} ${y + 10} Z`}
        fill="#e8eef3"
        stroke="#2f3d48"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <line x1={x} y1={y} x2={x} y2={y - 18} stroke="#2f3d48" strokeWidth="2" />
      <rect
        x={x - 9}
        y={y - 28}
        width="18"
        height="10"
        rx="2"
        fill="#c9d3db"
        stroke="#2f3d48"
        strokeWidth="2"
      />
    </g>
  );
}

// Coke drum A with its eight valves (spec part 2 §2, §9): a red overlay marks each valve with alarms,
// valves without alarms show none. An overlay lists the valve's errors on hover and opens its review.
export function CokeDrumSchematic({ errors, onOpen }: CokeDrumSchematicProps) {
  const { t } = useTranslation();
  return (
    <svg
      viewBox="0 0 600 640"
      role="img"
      aria-label={t('ampo.currentStatus.drumImage')}
      data-testid="coke-drum-image"
      style={{ width: '100%', maxHeight: 620, display: 'block' }}
    >
      <defs>
        <linearGradient id="drum-shell" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#8e9ba7" />
          <stop offset="0.4" stopColor="#e4eaef" />
          <stop offset="1" stopColor="#7f8c98" />
        </linearGradient>
        <pattern id="drum-coke" width="12" height="12" patternUnits="userSpaceOnUse">
          <rect width="12" height="12" fill="#4a4f55" />
          <circle cx="3" cy="4" r="1.6" fill="#2d3136" />
          <circle cx="9" cy="9" r="1.3" fill="#2d3136" />
        </pattern>
      </defs>
      <rect width="600" height="640" fill="#f6f8fa" />

      {/* Structure: columns and decks */}
      <g stroke={STEEL} strokeWidth="3" aria-hidden="true">
        <line x1="190" y1="20" x2="190" y2="620" />
        <line x1="410" y1="20" x2="410" y2="620" />
        {[100, 250, 420, 540].map((y) => (
          <line key={y} x1="170" y1={y} x2="430" y2={y} strokeWidth={y === 100 || y === 540 ? 5 : 2} />
        ))}
        <path d="M190 250 L410 420 M410 250 L190 420" strokeWidth="1.5" opacity="0.6" />
      </g>

      {/* Process lines to the valves */}
      <g fill="none" stroke={PIPE} strokeWidth="6" strokeLinecap="round" aria-hidden="true">
        <path d="M300 70 V90" />
        <path d="M300 530 V570" />
        <path d="M345 130 Q360 120 400 120 H560" />
        <path d="M40 180 H230" />
        <path d="M40 290 H230" />
        <path d="M40 400 H230" />
        <path d="M370 330 H560" />
        <path d="M370 470 H560" />
      </g>

      {/* The drum: shell with its head, coke bed, conical bottom and flanges */}
      <g aria-hidden="true">
        <path
          d="M230 150 Q230 96 300 96 Q370 96 370 150 V470 L320 530 H280 L230 470 Z"
          fill="url(#drum-shell)"
          stroke="#2f3d48"
          strokeWidth="2.5"
        />
        <path d="M236 300 H364 V468 L318 524 H282 L236 468 Z" fill="url(#drum-coke)" opacity="0.75" />
        {[200, 300, 400].map((y) => (
          <line key={y} x1="230" y1={y} x2="370" y2={y} stroke="#6b7884" strokeWidth="1" />
        ))}
        <rect x="284" y="86" width="32" height="10" fill="#9aa7b3" stroke="#2f3d48" strokeWidth="2" />
        <rect x="276" y="528" width="48" height="8" fill="#9aa7b3" stroke="#2f3d48" strokeWidth="2" />
        <text x="300" y="250" textAnchor="middle" fontSize="18" fontWeight="700" fill="#2f3d48">
          {t('ampo.currentStatus.cokeDrumA')}
        </text>
      </g>

      {(Object.entries(VALVES) as [ValveAssetId, (typeof VALVES)[ValveAssetId]][]).map(
        ([asset, { x, y, label }]) => {
          const assetErrors = errors.get(asset) ?? [];
          const count = assetErrors.length;
          return (
            <g key={asset} data-testid={`valve-${asset}`}>
              {count > 0 && (
                <Tooltip title={<AssetErrorList errors={assetErrors} />}>
                  <circle
                    data-testid={`valve-overlay-${asset}`}
                    role="button"
                    tabIndex={0}
                    aria-label={`${asset}: ${t('ampo.currentStatus.alarms', { count })}`}
                    cx={x}
                    cy={y - 6}
                    r="30"
                    fill="#ff4d4f55"
                    stroke="#cf1322"
                    strokeWidth="3"
                    style={{ cursor: 'pointer' }}
                    onClick={() => onOpen(asset)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') onOpen(asset);
                    }}
                  />
                </Tooltip>
              )}
              <ValveSymbol x={x} y={y} />
              <text
                x={label === 'right' ? x + 36 : x}
                y={label === 'right' ? y + 5 : y + 38}
                textAnchor={label === 'right' ? 'start' : 'middle'}
                fontSize="15"
                fontWeight="600"
                fill={count > 0 ? '#cf1322' : '#2f3d48'}
                pointerEvents="none"
              >
                {asset}
              </text>
            </g>
          );
        },
      )}
    </svg>
  );
}
