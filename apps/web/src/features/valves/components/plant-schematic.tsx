import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface PlantSchematicProps {
  alarm: boolean;
  onZoom: () => void;
}

const STEEL = '#5b6b7a';
const PIPE = '#7d8a96';

// The delayed-coker unit drawn by us (spec part 2 §2 "plant image"): furnace, fractionator and the two coke
// drums on their structure. With alarms, drum A turns red and carries a warning badge; drum A is the
// clickable region that zooms to the coke drum.
export function PlantSchematic({ alarm, onZoom }: PlantSchematicProps) {
  const { t } = useTranslation();
  const drumFill = alarm ? 'url(#plant-drum-alarm)' : 'url(#plant-drum)';
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') onZoom();
  };
  return (
    <svg
      viewBox="0 0 800 420"
      role="img"
      aria-label={t(alarm ? 'ampo.currentStatus.plantAlarm' : 'ampo.currentStatus.plantNormal')}
      data-testid="plant-image"
      data-variant={alarm ? 'alarm' : 'normal'}
      style={{ width: '100%', maxHeight: 520, display: 'block' }}
    >
      <defs>
        <linearGradient id="plant-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4f8fb" />
          <stop offset="1" stopColor="#e3ebf2" />
        </linearGradient>
        <linearGradient id="plant-drum" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#9aa8b5" />
          <stop offset="0.45" stopColor="#dfe6ec" />
          <stop offset="1" stopColor="#8895a1" />
        </linearGradient>
        <linearGradient id="plant-drum-alarm" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#c0392b" />
          <stop offset="0.45" stopColor="#f5b7b1" />
          <stop offset="1" stopColor="#a93226" />
        </linearGradient>
        <linearGradient id="plant-column" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#a3b1bd" />
          <stop offset="0.5" stopColor="#e8eef3" />
          <stop offset="1" stopColor="#94a2ae" />
        </linearGradient>
      </defs>
      <rect width="800" height="420" fill="url(#plant-sky)" />
      <rect y="360" width="800" height="60" fill="#cfd8df" />
      <line x1="0" y1="360" x2="800" y2="360" stroke="#9fb0bd" strokeWidth="2" />

      {/* Furnace */}
      <g aria-hidden="true">
        <rect x="40" y="250" width="120" height="110" rx="4" fill="#b7c2cc" stroke={STEEL} strokeWidth="2" />
        <rect x="85" y="170" width="30" height="80" fill="#a4b0bb" stroke={STEEL} strokeWidth="2" />
        {[60, 90, 120].map((x) => (
          <path key={x} d={`M${x} 345 q8 -22 0 -38 q14 16 6 38 z`} fill="#f39c12" opacity="0.85" />
        ))}
        <text x="100" y="392" textAnchor="middle" fontSize="13" fill="#3d4b57">
          {t('ampo.currentStatus.furnace')}
        </text>
      </g>

      {/* Fractionator */}
      <g aria-hidden="true">
        <rect
          x="640"
          y="70"
          width="60"
          height="290"
          rx="30"
          fill="url(#plant-column)"
          stroke={STEEL}
          strokeWidth="2"
        />
        {Array.from({ length: 9 }, (_, i) => (
          <line
            key={i}
            x1="648"
            x2="692"
            y1={110 + i * 26}
            y2={110 + i * 26}
            stroke={STEEL}
            strokeWidth="1"
          />
        ))}
        <text x="670" y="392" textAnchor="middle" fontSize="13" fill="#3d4b57">
          {t('ampo.currentStatus.fractionator')}
        </text>
      </g>

      {/* Pipes: furnace to the drums, drum overheads to the fractionator */}
      <g fill="none" stroke={PIPE} strokeWidth="5" strokeLinecap="round" aria-hidden="true">
        <path d="M160 300 H250 V340 H330" />
        <path d="M250 340 H500" />
        <path d="M300 70 V50 H600 V120 H640" />
        <path d="M470 70 V50" />
      </g>

      {/* Drum structure */}
      <g stroke={STEEL} strokeWidth="3" aria-hidden="true">
        {[210, 390, 560].map((x) => (
          <line key={x} x1={x} y1="30" x2={x} y2="360" />
        ))}
        {[120, 200, 280].map((y) => (
          <line key={y} x1="210" y1={y} x2="560" y2={y} />
        ))}
        <path d="M260 30 L300 0 L340 30 M430 30 L470 0 L510 30" fill="none" />
      </g>

      {/* Coke drum B (not monitored) */}
      <g aria-hidden="true">
        <path
          d="M420 90 Q420 62 470 62 Q520 62 520 90 V300 L488 330 H452 L420 300 Z"
          fill="url(#plant-drum)"
          stroke={STEEL}
          strokeWidth="2"
        />
        <text x="470" y="200" textAnchor="middle" fontSize="14" fontWeight="600" fill="#2f3d48">
          B
        </text>
      </g>

      {/* Coke drum A: the zoom region */}
      <g
        role="button"
        tabIndex={0}
        aria-label={t('ampo.currentStatus.zoomToDrum')}
        data-testid="plant-zoom-coke-drum"
        onClick={onZoom}
        onKeyDown={onKey}
        style={{ cursor: 'pointer' }}
      >
        <rect
          x="232"
          y="40"
          width="136"
          height="310"
          rx="10"
          fill={alarm ? '#ff4d4f22' : '#1677ff14'}
          stroke={alarm ? '#ff4d4f' : '#1677ff'}
          strokeDasharray="6 4"
        />
        <path
          d="M250 90 Q250 62 300 62 Q350 62 350 90 V300 L318 330 H282 L250 300 Z"
          fill={drumFill}
          stroke={alarm ? '#a8071a' : STEEL}
          strokeWidth="2"
        />
        <text x="300" y="200" textAnchor="middle" fontSize="14" fontWeight="600" fill="#2f3d48">
          A
        </text>
        {alarm && (
          <g data-testid="plant-alarm-badge">
            <circle cx="350" cy="70" r="16" fill="#ff4d4f" stroke="#fff" strokeWidth="2" />
            <text x="350" y="77" textAnchor="middle" fontSize="20" fontWeight="700" fill="#fff">
              !
            </text>
          </g>
        )}
      </g>
      <text x="385" y="392" textAnchor="middle" fontSize="13" fill="#3d4b57">
        {t('ampo.currentStatus.cokeDrums')}
      </text>
    </svg>
  );
}
