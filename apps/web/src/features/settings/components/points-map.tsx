import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLeafletMap } from '@/features/settings/components/use-leaflet-map';
import { useLatest } from '@/features/settings/settings-hooks';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  title?: string;
}

/** A marker drawn with CSS, so it shows without image files and without tiles (offline). */
const markerIcon = (id: string) =>
  L.divIcon({
    className: '',
    html: `<div data-testid="tradepoint-marker" data-id="${id}" style="width:18px;height:18px;border-radius:50% 50% 50% 0;background:#1677ff;border:2px solid #fff;box-shadow:0 0 3px rgba(0,0,0,.5);transform:rotate(-45deg)"></div>`,
    iconSize: [22, 22],
    iconAnchor: [11, 22],
  });

export const isCoordinate = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * A Leaflet map (default centre Moscow) with the given points. The tiles need the network; without it the
 * markers stand on the plain background. With `onPick`, a click or a drag of the marker picks coordinates.
 */
export function PointsMap({
  points,
  onPick,
  height = 260,
  testId,
}: {
  points: MapPoint[];
  onPick?: (lat: number, lng: number) => void;
  height?: number;
  testId: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const pick = useLatest(onPick);
  const { map, layer } = useLeafletMap(holder, onPick);

  const key = JSON.stringify(points);
  useEffect(() => {
    const group = layer.current;
    const instance = map.current;
    if (!group || !instance) return;
    group.clearLayers();
    const shown = (JSON.parse(key) as MapPoint[]).filter((p) => isCoordinate(p.lat, p.lng));
    for (const p of shown) {
      const marker = L.marker([p.lat, p.lng], { icon: markerIcon(p.id), draggable: Boolean(pick.current), title: p.title || T.mapPoint });
      marker.on('dragend', () => pick.current?.(marker.getLatLng().lat, marker.getLatLng().lng));
      group.addLayer(marker);
    }
    if (shown.length === 1) instance.setView([shown[0].lat, shown[0].lng], Math.max(instance.getZoom(), 14));
    else if (shown.length > 1) instance.fitBounds(L.latLngBounds(shown.map((p) => [p.lat, p.lng] as [number, number])), { padding: [30, 30] });
  }, [key, pick, map, layer]);

  return <div ref={holder} role="region" aria-label={T.mapLabel} data-testid={testId} style={{ height, background: '#e9eef2', borderRadius: 6 }} />;
}
