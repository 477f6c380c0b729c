/** What every widget may need beyond its own value: the guild, for channel and role pickers. */
export interface SchemaFormContext {
  guildId: string;
}
