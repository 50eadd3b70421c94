// A Qt program that reads and writes the task-manager the way the Qt
// serialization benchmark does (QJsonDocument, QXmlStreamReader/Writer,
// QCborValue, QDataStream), to prove serbench's files and Qt's are
// interchangeable.
//
//   qt_taskmanager read FORMAT FILE      print the traverse answer
//   qt_taskmanager write FORMAT IN OUT   read IN (json), write OUT in FORMAT
//   qt_taskmanager bench IN RUNS [FORMAT]  time every format (or FORMAT) on IN (json)
//   qt_taskmanager variant OURS DOCUMENT  check that OURS, one QVariant in
//                                        QDataStream, holds DOCUMENT (JSON, or
//                                        NDJSON's first message)
//
// FORMAT is json, xml, cbor or datastream (QDataStream at Qt_6_4, the
// stream version serbench-qdatastream writes). The answer line has serbench check's form:
// {"tasks":…,"completed":…,"by_priority":[…],"text_bytes":…}. `bench`
// prints, per format (datastream, xml, json, cbor), the median serialize
// and deserialize time in nanoseconds over RUNS runs and the size in bytes;
// with FORMAT, only that one, so that `cargo xtask bench` can alternate
// short rounds of Qt with rounds of serbench and compare them round by round.
// Built and run by `cargo xtask interop` and `cargo xtask bench`.

#include <QBuffer>
#include <QByteArray>
#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QDataStream>
#include <QElapsedTimer>
#include <QColor>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUuid>
#include <QVariant>
#include <QVersionNumber>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace Qt::StringLiterals;

struct TaskHeader {
    QUuid id;
    QString name;
    QColor color;
    QDateTime created;
};

struct Task {
    TaskHeader header;
    QString description;
    int priority = 0;
    bool completed = false;
};

struct TaskList {
    TaskHeader header;
    QList<Task> tasks;
};

struct TaskManager {
    QString user;
    QVersionNumber version;
    QList<TaskList> lists;
};

[[noreturn]] static void fail(const QString &message)
{
    std::fprintf(stderr, "qt_taskmanager: %s\n", qPrintable(message));
    std::exit(1);
}

static QString colorName(const QColor &color)
{
    return color.alpha() == 255 ? color.name(QColor::HexRgb) : color.name(QColor::HexArgb);
}

static QColor parseColor(const QString &text)
{
    QColor color = QColor::fromString(text);
    if (!color.isValid())
        fail(QStringLiteral("invalid color %1").arg(text));
    return color;
}

static QDateTime parseTime(const QString &text)
{
    QDateTime time = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!time.isValid())
        fail(QStringLiteral("invalid time %1").arg(text));
    return time;
}

static QUuid parseUuid(const QString &text)
{
    QUuid id = QUuid::fromString(text);
    if (id.isNull() && text != QStringLiteral("00000000-0000-0000-0000-000000000000"))
        fail(QStringLiteral("invalid uuid %1").arg(text));
    return id;
}

// JSON ----------------------------------------------------------------------

static TaskHeader headerFromJson(const QJsonObject &object)
{
    return {parseUuid(object[u"id"_s].toString()), object[u"name"_s].toString(),
            parseColor(object[u"color"_s].toString()), parseTime(object[u"created"_s].toString())};
}

static QJsonObject headerToJson(const TaskHeader &header)
{
    return {{u"id"_s, header.id.toString(QUuid::WithoutBraces)},
            {u"name"_s, header.name},
            {u"color"_s, colorName(header.color)},
            {u"created"_s, header.created.toString(Qt::ISODateWithMs)}};
}

static TaskManager fromJson(const QByteArray &bytes)
{
    QJsonParseError error;
    QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        fail(error.errorString());
    QJsonObject root = document.object();
    TaskManager manager{root[u"user"_s].toString(),
                        QVersionNumber::fromString(root[u"version"_s].toString()), {}};
    for (const QJsonValue &listValue : root[u"lists"_s].toArray()) {
        QJsonObject listObject = listValue.toObject();
        TaskList list{headerFromJson(listObject[u"header"_s].toObject()), {}};
        for (const QJsonValue &taskValue : listObject[u"tasks"_s].toArray()) {
            QJsonObject task = taskValue.toObject();
            list.tasks.append({headerFromJson(task[u"header"_s].toObject()),
                               task[u"description"_s].toString(), task[u"priority"_s].toInt(),
                               task[u"completed"_s].toBool()});
        }
        manager.lists.append(list);
    }
    return manager;
}

static QByteArray toJson(const TaskManager &manager)
{
    QJsonArray lists;
    for (const TaskList &list : manager.lists) {
        QJsonArray tasks;
        for (const Task &task : list.tasks)
            tasks.append(QJsonObject{{u"header"_s, headerToJson(task.header)},
                                     {u"description"_s, task.description},
                                     {u"priority"_s, task.priority},
                                     {u"completed"_s, task.completed}});
        lists.append(QJsonObject{{u"header"_s, headerToJson(list.header)}, {u"tasks"_s, tasks}});
    }
    QJsonObject root{{u"user"_s, manager.user},
                     {u"version"_s, manager.version.toString()},
                     {u"lists"_s, lists}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

// XML -----------------------------------------------------------------------

static TaskHeader headerFromXml(const QXmlStreamAttributes &attributes)
{
    return {parseUuid(attributes.value(u"id"_s).toString()), attributes.value(u"name"_s).toString(),
            parseColor(attributes.value(u"color"_s).toString()),
            parseTime(attributes.value(u"created"_s).toString())};
}

static void headerToXml(QXmlStreamWriter &writer, const TaskHeader &header)
{
    writer.writeAttribute(u"id"_s, header.id.toString(QUuid::WithoutBraces));
    writer.writeAttribute(u"name"_s, header.name);
    writer.writeAttribute(u"color"_s, colorName(header.color));
    writer.writeAttribute(u"created"_s, header.created.toString(Qt::ISODateWithMs));
}

static TaskManager fromXml(const QByteArray &bytes)
{
    QXmlStreamReader reader(bytes);
    TaskManager manager;
    if (!reader.readNextStartElement() || reader.name() != u"taskmanager")
        fail(QStringLiteral("no taskmanager element"));
    manager.user = reader.attributes().value(u"user"_s).toString();
    manager.version = QVersionNumber::fromString(reader.attributes().value(u"version"_s).toString());
    while (reader.readNextStartElement()) {
        if (reader.name() != u"tasklist")
            fail(QStringLiteral("unexpected element %1").arg(reader.name().toString()));
        TaskList list{headerFromXml(reader.attributes()), {}};
        while (reader.readNextStartElement()) {
            QXmlStreamAttributes attributes = reader.attributes();
            Task task{headerFromXml(attributes), {}, attributes.value(u"priority"_s).toInt(),
                      attributes.value(u"completed"_s) == u"true"};
            task.description = reader.readElementText();
            list.tasks.append(task);
        }
        manager.lists.append(list);
    }
    if (reader.hasError())
        fail(reader.errorString());
    return manager;
}

// `formatted` adds line breaks and indentation between elements, which
// readers must skip; the benchmark writes compact XML.
static QByteArray writeXml(const TaskManager &manager, bool formatted)
{
    QByteArray bytes;
    QXmlStreamWriter writer(&bytes);
    writer.setAutoFormatting(formatted);
    writer.writeStartDocument();
    writer.writeStartElement(u"taskmanager"_s);
    writer.writeAttribute(u"user"_s, manager.user);
    writer.writeAttribute(u"version"_s, manager.version.toString());
    for (const TaskList &list : manager.lists) {
        writer.writeStartElement(u"tasklist"_s);
        headerToXml(writer, list.header);
        for (const Task &task : list.tasks) {
            writer.writeStartElement(u"task"_s);
            headerToXml(writer, task.header);
            writer.writeAttribute(u"priority"_s, QString::number(task.priority));
            writer.writeAttribute(u"completed"_s, task.completed ? u"true"_s : u"false"_s);
            writer.writeCharacters(task.description);
            writer.writeEndElement();
        }
        writer.writeEndElement();
    }
    writer.writeEndElement();
    writer.writeEndDocument();
    return bytes;
}

static QByteArray toXml(const TaskManager &manager)
{
    return writeXml(manager, false);
}

// CBOR ----------------------------------------------------------------------

static TaskHeader headerFromCbor(const QCborMap &map)
{
    QCborValue id = map[u"id"_s];
    QCborValue created = map[u"created"_s];
    if (!id.isUuid() || !created.isDateTime())
        fail(QStringLiteral("id or created is not a tagged uuid or date-time"));
    return {id.toUuid(), map[u"name"_s].toString(), parseColor(map[u"color"_s].toString()),
            created.toDateTime()};
}

static QCborMap headerToCbor(const TaskHeader &header)
{
    return {{u"id"_s, QCborValue(header.id)},
            {u"name"_s, header.name},
            {u"color"_s, colorName(header.color)},
            {u"created"_s, QCborValue(header.created)}};
}

static TaskManager fromCbor(const QByteArray &bytes)
{
    QCborParserError error;
    QCborValue root = QCborValue::fromCbor(bytes, &error);
    if (error.error != QCborError::NoError)
        fail(error.errorString());
    QCborMap map = root.toMap();
    TaskManager manager{map[u"user"_s].toString(),
                        QVersionNumber::fromString(map[u"version"_s].toString()), {}};
    for (const QCborValue &listValue : map[u"lists"_s].toArray()) {
        QCborMap listMap = listValue.toMap();
        TaskList list{headerFromCbor(listMap[u"header"_s].toMap()), {}};
        for (const QCborValue &taskValue : listMap[u"tasks"_s].toArray()) {
            QCborMap task = taskValue.toMap();
            list.tasks.append({headerFromCbor(task[u"header"_s].toMap()),
                               task[u"description"_s].toString(),
                               int(task[u"priority"_s].toInteger()),
                               task[u"completed"_s].toBool()});
        }
        manager.lists.append(list);
    }
    return manager;
}

static QByteArray toCbor(const TaskManager &manager)
{
    QCborArray lists;
    for (const TaskList &list : manager.lists) {
        QCborArray tasks;
        for (const Task &task : list.tasks)
            tasks.append(QCborMap{{u"header"_s, headerToCbor(task.header)},
                                  {u"description"_s, task.description},
                                  {u"priority"_s, task.priority},
                                  {u"completed"_s, task.completed}});
        lists.append(QCborMap{{u"header"_s, headerToCbor(list.header)}, {u"tasks"_s, tasks}});
    }
    QCborMap root{{u"user"_s, manager.user},
                  {u"version"_s, manager.version.toString()},
                  {u"lists"_s, lists}};
    return QCborValue(root).toCbor();
}

// QDataStream -----------------------------------------------------------------

// The Qt benchmark's operators: the header's created before its color,
// the priority as a qint8.
static QDataStream &operator<<(QDataStream &stream, const TaskHeader &header)
{
    return stream << header.id << header.name << header.created << header.color;
}

static QDataStream &operator>>(QDataStream &stream, TaskHeader &header)
{
    return stream >> header.id >> header.name >> header.created >> header.color;
}

static QDataStream &operator<<(QDataStream &stream, const Task &task)
{
    return stream << task.header << task.description << qint8(task.priority) << task.completed;
}

static QDataStream &operator>>(QDataStream &stream, Task &task)
{
    qint8 priority = 0;
    stream >> task.header >> task.description >> priority >> task.completed;
    task.priority = priority;
    return stream;
}

static QDataStream &operator<<(QDataStream &stream, const TaskList &list)
{
    return stream << list.header << list.tasks;
}

static QDataStream &operator>>(QDataStream &stream, TaskList &list)
{
    return stream >> list.header >> list.tasks;
}

static QByteArray toDataStream(const TaskManager &manager)
{
    QByteArray bytes;
    QDataStream stream(&bytes, QIODevice::WriteOnly);
    stream.setVersion(QDataStream::Qt_6_4);
    stream << manager.user << manager.version << manager.lists;
    return bytes;
}

static TaskManager fromDataStream(const QByteArray &bytes)
{
    QDataStream stream(bytes);
    stream.setVersion(QDataStream::Qt_6_4);
    TaskManager manager;
    stream >> manager.user >> manager.version >> manager.lists;
    if (stream.status() != QDataStream::Ok || !stream.atEnd())
        fail(QStringLiteral("corrupt QDataStream"));
    return manager;
}

// Timing ------------------------------------------------------------------------

template <typename F>
static qint64 medianNanos(int runs, F work)
{
    std::vector<qint64> times;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.push_back(timer.nsecsElapsed());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

static void bench(const TaskManager &manager, int runs, const char *only)
{
    struct Format {
        const char *name;
        QByteArray (*serialize)(const TaskManager &);
        TaskManager (*deserialize)(const QByteArray &);
    };
    const Format formats[] = {{"datastream", toDataStream, fromDataStream},
                              {"xml", toXml, fromXml},
                              {"json", toJson, fromJson},
                              {"cbor", toCbor, fromCbor}};
    bool found = false;
    for (const Format &format : formats) {
        if (only && std::strcmp(only, format.name))
            continue;
        found = true;
        QByteArray bytes = format.serialize(manager);
        qint64 tasks = 0;
        for (const TaskList &list : format.deserialize(bytes).lists)
            tasks += list.tasks.size();
        if (tasks == 0)
            fail(QStringLiteral("%1 lost the tasks").arg(format.name));
        qint64 serialize = medianNanos(runs, [&] { bytes = format.serialize(manager); });
        // The value is destroyed inside the timed lambda: serbench's decode
        // benches free theirs inside the timed loop too.
        qint64 deserialize = medianNanos(runs, [&] { format.deserialize(bytes); });
        std::printf("%s %lld %lld %lld\n", format.name, serialize, deserialize,
                    qint64(bytes.size()));
    }
    if (!found)
        fail(QStringLiteral("unknown format %1").arg(only));
}

// ---------------------------------------------------------------------------

static QByteArray readFile(const char *path)
{
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly))
        fail(QStringLiteral("cannot read %1").arg(path));
    return file.readAll();
}

static TaskManager readAs(const char *format, const QByteArray &bytes)
{
    if (!std::strcmp(format, "json"))
        return fromJson(bytes);
    if (!std::strcmp(format, "xml"))
        return fromXml(bytes);
    if (!std::strcmp(format, "cbor"))
        return fromCbor(bytes);
    if (!std::strcmp(format, "datastream"))
        return fromDataStream(bytes);
    fail(QStringLiteral("unknown format %1").arg(format));
}

static void printAnswer(const TaskManager &manager)
{
    qint64 tasks = 0, completed = 0, textBytes = 0, byPriority[4] = {0, 0, 0, 0};
    for (const TaskList &list : manager.lists) {
        textBytes += list.header.name.toUtf8().size();
        for (const Task &task : list.tasks) {
            ++tasks;
            completed += task.completed;
            if (task.priority < 0 || task.priority > 3)
                fail(QStringLiteral("priority %1").arg(task.priority));
            ++byPriority[task.priority];
            textBytes += task.header.name.toUtf8().size() + task.description.toUtf8().size();
        }
    }
    std::printf("{\"tasks\":%lld,\"completed\":%lld,\"by_priority\":[%lld,%lld,%lld,%lld],"
                "\"text_bytes\":%lld}\n",
                tasks, completed, byPriority[0], byPriority[1], byPriority[2], byPriority[3],
                textBytes);
}

// Measured documents ------------------------------------------------------------

// `serbench measure` writes a document's first message as one QVariant at
// Qt_6_4 (serbench-measure's formats/qdatastream.rs has the mapping). Qt's
// own QDataStream reads it, and it must hold what Qt's JSON parser reads
// from the document, type by type: a QVariantHash where QJsonDocument has a
// QVariantMap (compared as sets of keys, as a hash has no order), a
// QVariantList, a LongLong for an integer, a Double to the bit for any other
// number, a QString, a Bool, a Nullptr.

static qint64 compared = 0;

static QString shown(const QVariant &value)
{
    QString text = value.toString();
    if (text.size() > 40)
        text = text.left(40) + u"…"_s;
    return QStringLiteral("%1 %2").arg(QString::fromLatin1(value.metaType().name()), text);
}

[[noreturn]] static void differ(const QString &path, const QVariant &ours, const QVariant &json)
{
    fail(QStringLiteral("%1: our QVariant holds %2 where the document has %3")
             .arg(path, shown(ours), shown(json)));
}

static bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Whether the scalars `ours` and `json` are the same value of the same type.
// Two numbers Qt's JSON parser reads another way than serbench's: one past
// qint64, which it reads as a double, and a whole number written as a
// float (`28.0`), which it reads as an integer; each compares as a number.
static bool sameScalar(const QVariant &ours, const QVariant &json)
{
    const int type = ours.metaType().id();
    if (type == QMetaType::ULongLong)
        return json.metaType().id() == QMetaType::Double
               && sameBits(double(ours.toULongLong()), json.toDouble());
    if (type == QMetaType::Double && json.metaType().id() == QMetaType::LongLong)
        return ours.toDouble() == double(json.toLongLong());
    if (json.metaType().id() != type)
        return false;
    switch (type) {
    case QMetaType::Nullptr:
        return true;
    case QMetaType::Bool:
        return ours.toBool() == json.toBool();
    case QMetaType::LongLong:
        return ours.toLongLong() == json.toLongLong();
    case QMetaType::Double:
        return sameBits(ours.toDouble(), json.toDouble());
    case QMetaType::QString:
        return ours.toString() == json.toString();
    }
    return false;
}

static void compare(const QVariant &ours, const QVariant &json, const QString &path)
{
    ++compared;
    const int type = ours.metaType().id();
    if (type == QMetaType::QVariantHash) {
        if (json.metaType().id() != QMetaType::QVariantMap)
            differ(path, ours, json);
        const QVariantHash hash = ours.toHash();
        const QVariantMap map = json.toMap();
        if (hash.size() != map.size())
            fail(QStringLiteral("%1: our QVariantHash has %2 keys, the document %3")
                     .arg(path)
                     .arg(hash.size())
                     .arg(map.size()));
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            const auto found = hash.constFind(it.key());
            if (found == hash.cend())
                fail(QStringLiteral("%1: our QVariantHash has no key %2").arg(path, it.key()));
            compare(found.value(), it.value(), path + u'.' + it.key());
        }
    } else if (type == QMetaType::QVariantList) {
        if (json.metaType().id() != QMetaType::QVariantList)
            differ(path, ours, json);
        const QVariantList list = ours.toList();
        const QVariantList theirs = json.toList();
        if (list.size() != theirs.size())
            fail(QStringLiteral("%1: our QVariantList has %2 items, the document %3")
                     .arg(path)
                     .arg(list.size())
                     .arg(theirs.size()));
        for (qsizetype i = 0; i < list.size(); ++i)
            compare(list[i], theirs[i], QStringLiteral("%1[%2]").arg(path).arg(i));
    } else if (!sameScalar(ours, json)) {
        differ(path, ours, json);
    }
}

// The document's first message: the whole file, or for NDJSON (by its
// name) the first line that is not blank.
static QByteArray firstMessage(const char *path, const QByteArray &bytes)
{
    const QByteArray name(path);
    if (!name.endsWith(".ndjson") && !name.endsWith(".jsonl"))
        return bytes;
    for (const QByteArray &line : bytes.split('\n')) {
        if (!line.trimmed().isEmpty())
            return line;
    }
    fail(QStringLiteral("%1 has no message").arg(path));
}

static void checkVariant(const char *ours, const char *document)
{
    QDataStream stream(readFile(ours));
    stream.setVersion(QDataStream::Qt_6_4);
    QVariant variant;
    stream >> variant;
    if (stream.status() != QDataStream::Ok || !stream.atEnd())
        fail(QStringLiteral("%1 is not one QVariant at Qt_6_4").arg(ours));

    QJsonParseError error;
    const QJsonDocument json =
        QJsonDocument::fromJson(firstMessage(document, readFile(document)), &error);
    if (error.error != QJsonParseError::NoError)
        fail(QStringLiteral("%1: %2").arg(document, error.errorString()));
    compare(variant, json.toVariant(), u"$"_s);
    std::printf("Qt reads our QVariant as the document: %lld values\n", compared);
}

int main(int argc, char **argv)
{
    if (argc == 4 && !std::strcmp(argv[1], "read")) {
        printAnswer(readAs(argv[2], readFile(argv[3])));
        return 0;
    }
    if (argc == 5 && !std::strcmp(argv[1], "write")) {
        TaskManager manager = fromJson(readFile(argv[3]));
        const char *format = argv[2];
        QByteArray bytes = !std::strcmp(format, "json") ? toJson(manager)
                           : !std::strcmp(format, "xml") ? writeXml(manager, true)
                           : !std::strcmp(format, "cbor") ? toCbor(manager)
                           : !std::strcmp(format, "datastream") ? toDataStream(manager)
                                                                : QByteArray();
        if (bytes.isEmpty())
            fail(QStringLiteral("unknown format %1").arg(format));
        QFile out(QString::fromLocal8Bit(argv[4]));
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
            fail(QStringLiteral("cannot write %1").arg(argv[4]));
        return 0;
    }
    if ((argc == 4 || argc == 5) && !std::strcmp(argv[1], "bench")) {
        bench(fromJson(readFile(argv[2])), std::max(1, std::atoi(argv[3])),
              argc == 5 ? argv[4] : nullptr);
        return 0;
    }
    if (argc == 4 && !std::strcmp(argv[1], "variant")) {
        checkVariant(argv[2], argv[3]);
        return 0;
    }
    std::fprintf(stderr, "usage: qt_taskmanager read FORMAT FILE | write FORMAT IN.json OUT"
                         " | bench IN.json RUNS [FORMAT] | variant OURS DOCUMENT\n");
    return 2;
}
