from django.contrib import admin

from .models import (
    Board,
    Club,
    Director,
    Event,
    Invitation,
    Match,
    Pair,
    Person,
    PersonMerge,
    Player,
    Section,
    Session,
    Team,
)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    raw_id_fields = ["person"]  # a roster holds thousands


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ["name", "national_id", "club", "home_club"]
    list_filter = ["club"]
    search_fields = ["name", "national_id"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["at", "club", "user", "role", "invited_by"]
    list_filter = ["club"]
    raw_id_fields = ["user", "invited_by"]


@admin.register(PersonMerge)
class PersonMergeAdmin(admin.ModelAdmin):
    list_display = ["at", "club", "gone_name", "gone_national_id", "kept", "by"]
    list_filter = ["club"]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["label", "section", "number", "direction"]
    list_filter = ["section__session__event"]
    inlines = [PlayerInline]


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "date"]
    inlines = [SectionInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "club", "scoring", "factoring", "published"]
    list_filter = ["published", "scoring"]
    search_fields = ["name"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "event", "carry_over"]
    list_filter = ["event"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["session", "round", "home", "away", "open_table", "closed_table"]
    list_filter = ["session__event"]


admin.site.register([Club, Section, Board, Director])
