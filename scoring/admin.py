from django.contrib import admin

from .models import AssignedScore, ChangeLog, TravellerLine


class AssignedInline(admin.TabularInline):
    model = AssignedScore
    extra = 0


@admin.register(TravellerLine)
class TravellerLineAdmin(admin.ModelAdmin):
    list_display = [
        "board",
        "section",
        "table",
        "ns_pair",
        "ew_pair",
        "level",
        "strain",
        "doubling",
        "declarer",
        "tricks",
        "score_ns",
        "ns_artificial",
        "ew_artificial",
    ]
    list_filter = ["section__session__event"]
    inlines = [AssignedInline]


@admin.register(ChangeLog)
class ChangeLogAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "user", "action", "description"]
    list_filter = ["event", "action"]
