// A form part (src/form/parts.ts): AntiNuke's punishment cards, which no other form draws.
export { PunishmentCardsWidget } from '../widgets/punishment-cards';
